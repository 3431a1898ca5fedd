import { expect } from 'chai';
import type { Locator } from 'playwright-core';

/** Intl writes a no-break space between the peso sign and the amount. */
export const pesos = (amount: string) => `$\u00a0${amount}`;

/** The columns of `GET /v1/audit/export?format=csv`, in the contract's order. */
export const EXPORT_COLUMNS = [
  'document_id',
  'family',
  'number',
  'unique_code',
  'issue_date',
  'document_status',
  'counterparty_identification',
  'counterparty_name',
  'payable_amount',
  'event_revision',
  'event_type',
  'recorded_at',
  'actor',
  'correlation_id',
  'status_after',
  'hash',
  'previous_hash',
];

/** Today in Colombia (UTC−5 all year), the calendar the issue dates use. */
export function bogotaDate(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** Waits for a locator's text to be (or match) the expected one, then asserts it. */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  const matches = (text: string) => (typeof expected === 'string' ? text.trim() === expected : expected.test(text.trim()));
  let text = '';
  for (let round = 0; round < 100; round += 1) {
    text = (await locator.first().innerText().catch(() => '')) ?? '';
    if (matches(text)) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  if (typeof expected === 'string') expect(text.trim()).to.equal(expected);
  else expect(text.trim()).to.match(expected);
}
