import { acceptanceDecider } from '../../../domain/acceptance/acceptance-decider.ts';
import type { AcceptanceEvent } from '../../../domain/acceptance/acceptance-events.ts';
import type { AcceptanceState } from '../../../domain/acceptance/acceptance-state.ts';
import type { InvoiceFacts } from '../../../domain/acceptance/invoice-facts.ts';

export const PIN = '12345';
export const RECEIVER = { tenantId: 'receiver-tenant', nit: '800197268', name: 'Receiver S.A.S.' };

export function invoiceFacts(overrides: Partial<InvoiceFacts> = {}): InvoiceFacts {
  return {
    invoiceId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    issuerTenantId: 'issuer-tenant',
    environment: 'test',
    number: 'SETP990000001',
    issuerNit: '900825759',
    issuerName: 'Issuer S.A.S.',
    customerIdentification: RECEIVER.nit,
    credit: true,
    voided: false,
    ...overrides,
  };
}

export const fold = (events: readonly AcceptanceEvent[], state = acceptanceDecider.initialState()): AcceptanceState =>
  events.reduce(acceptanceDecider.evolve, state);

/** The receiver sends `code` on the trail `state`; answers the events decided. */
export function send(state: AcceptanceState, code: string, options: { claimConcept?: string; invoice?: InvoiceFacts; now?: Date } = {}): AcceptanceEvent[] {
  return acceptanceDecider.decide(
    {
      type: 'RecordReceiverEvent',
      invoice: options.invoice ?? invoiceFacts(),
      receiver: RECEIVER,
      code,
      claimConcept: 'claimConcept' in options ? options.claimConcept : code === '031' ? '01' : undefined,
      softwarePin: PIN,
      now: options.now ?? new Date('2026-02-05T15:00:00Z'),
    },
    state,
  );
}

/** The trail after the receiver sent `codes` in order (each one accepted). */
export function trailAfter(codes: readonly string[], invoice = invoiceFacts()): AcceptanceState {
  return codes.reduce((state, code) => fold(send(state, code, { invoice }), state), acceptanceDecider.initialState());
}

export function tacit(state: AcceptanceState, now: Date, invoice = invoiceFacts()): AcceptanceEvent[] {
  return acceptanceDecider.decide({ type: 'RecordTacitAcceptance', invoice, softwarePin: PIN, now }, state);
}
