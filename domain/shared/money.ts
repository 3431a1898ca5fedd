import { Decimal } from 'decimal.js';

/** decimal.js configured for money: exact within 100 significant digits, half-to-even (DIAN §5). */
export const Money = Decimal.clone({
  precision: 100,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Money = Decimal;
/** Decimal strings or decimals; JS numbers are deliberately not accepted. */
type MoneyValue = Decimal | string;

const ZERO = new Money(0);

/**
 * Decimal strings parsed before, shared: decimals are immutable. Rules and totals read the same few strings many times
 * (a two-line invoice parsed 15 strings 65 times: its tax rate 20 times), and parsing was about half of deciding it.
 * Bounded: emptied when full, so any input costs at most a parse, as before.
 */
const PARSED = new Map<string, Money>();
const MAX_PARSED = 2_048;

export function money(value: MoneyValue): Money {
  if (typeof value === 'string') return parsed(value);
  // Decimals are immutable, so one of ours is used as is rather than copied. Not `instanceof`: every clone of
  // decimal.js shares one prototype, and a decimal computes with its own constructor's precision and rounding.
  return value.constructor === Money ? value : new Money(value);
}

function parsed(text: string): Money {
  let value = PARSED.get(text);
  if (value === undefined) {
    value = new Money(text);
    if (PARSED.size >= MAX_PARSED) PARSED.clear();
    PARSED.set(text, value);
  }
  return value;
}

/** Half-to-even to exactly 2 decimals, e.g. 0.125 → "0.12", 0.135 → "0.14". */
export function round2(value: MoneyValue): string {
  return fixed2(money(value).toDecimalPlaces(2, Money.ROUND_HALF_EVEN));
}

/** Truncated (not rounded) to exactly 2 decimals, as the CUFE/CUDE/CUNE strings want: 262.569 → "262.56". */
export function truncate2(value: MoneyValue): string {
  return fixed2(money(value).toDecimalPlaces(2, Money.ROUND_DOWN));
}

export function sum(values: Iterable<MoneyValue>): Money {
  let total: Money = ZERO;
  for (const value of values) total = total.plus(money(value));
  return total;
}

/** Sum of values that already have at most 2 decimals, as a 2-decimal string. */
export function sum2(values: Iterable<MoneyValue>): string {
  return round2(sum(values));
}

function fixed2(value: Money): string {
  return value.isZero() ? '0.00' : value.toFixed(2);
}
