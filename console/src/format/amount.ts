/// <reference lib="es2023.intl" />
// Intl.NumberFormat v3 (ES2023) formats a numeric string as the exact decimal it spells; the service's tsconfig stops at ES2022.
const DECIMAL = /^-?\d+(\.\d+)?$/;

const pesos = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A decimal string of the API ("83300.00") as Colombian pesos ("$ 83.300,00"). The string goes to Intl as it is, so
 * no binary float ever stands in for it (Intl.NumberFormat reads a numeric string as an exact decimal and rounds
 * half away from zero). Anything that is not a plain decimal is shown as it came.
 */
export function formatAmount(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (!DECIMAL.test(text)) return text;
  return pesos.format(text as `${number}`);
}

/** Whether a value looks like an amount of the API: a decimal string with two decimals. */
export function isAmountText(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value);
}
