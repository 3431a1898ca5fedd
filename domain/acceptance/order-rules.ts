import { EVENT_NAMES, type AcceptanceEventCode } from './acceptance-codes.ts';

/**
 * The order rules of the acceptance trail (reference §8), checked in this order:
 * - `no_duplicates`: each code at most once per invoice.
 * - `receipt_first`: 030 (receipt acknowledged) comes before any other event.
 * - `accepted_invoice_final`: after 033 or 034 the invoice is accepted; nothing may follow.
 * - `claim_bars_acceptance`: after a 031 claim neither 033 nor 034 may follow (032, a fact and not an acceptance,
 *   still may: goods claimed as undelivered can arrive later).
 * - `acceptance_needs_goods_received`: 033 and 034 require 032 first.
 * Besides the order, `invoice_voided`: an invoice voided by an annulment takes no further events (checked by the decider).
 */
export type OrderRule =
  | 'no_duplicates'
  | 'receipt_first'
  | 'accepted_invoice_final'
  | 'claim_bars_acceptance'
  | 'acceptance_needs_goods_received'
  | 'invoice_voided';

interface RuleRefusal {
  rule: OrderRule;
  message: string;
}

const label = (code: AcceptanceEventCode) => `${code} (${EVENT_NAMES[code]})`;

/** Why `code` may not follow the events already recorded (oldest first); null when it may. */
export function orderRefusal(code: AcceptanceEventCode, recorded: readonly AcceptanceEventCode[]): RuleRefusal | null {
  if (recorded.includes(code)) {
    return { rule: 'no_duplicates', message: `event ${label(code)} is already recorded on this invoice` };
  }
  if (code !== '030' && !recorded.includes('030')) {
    return { rule: 'receipt_first', message: `event ${label('030')} must come first; ${code} cannot precede it` };
  }
  const acceptance = recorded.find((c) => c === '033' || c === '034');
  if (acceptance) {
    return { rule: 'accepted_invoice_final', message: `the invoice is already accepted by ${label(acceptance)}; no event may follow` };
  }
  if (recorded.includes('031') && (code === '033' || code === '034')) {
    return { rule: 'claim_bars_acceptance', message: `the invoice was claimed (031); ${label(code)} may not follow a claim` };
  }
  if ((code === '033' || code === '034') && !recorded.includes('032')) {
    return { rule: 'acceptance_needs_goods_received', message: `${label(code)} requires ${label('032')} first` };
  }
  return null;
}
