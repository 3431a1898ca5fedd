import { acceptanceDecider } from '../../../domain/acceptance/acceptance-decider.ts';
import type { EventPerson } from '../../../domain/acceptance/acceptance-record.ts';
import type { AcceptanceState } from '../../../domain/acceptance/acceptance-state.ts';
import { invoiceFactsOf } from '../../../domain/acceptance/invoice-facts.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { OwnEvent } from '../../../application/ports/event-xml-renderer.ts';
import { HABILITACION_SOFTWARE } from '../../../infrastructure/rendering/habilitacion-ranges.ts';
import { invoiceFor } from '../../support/fixtures.ts';
import { validatedState } from '../rendering/validated-state.ts';

export const ISSUER_TENANT = 'tenant';
export const RECEIVER = { tenantId: 'receiver-tenant', nit: '800197268', name: 'Receiver S.A.S.' };
export const PERSON: EventPerson = {
  identification_document_code: '13',
  identification: '12345667',
  first_name: 'Pepito',
  last_name: 'Perez',
  job_title: 'Contador',
  organization_department: 'Compras',
};

/** A validated credit invoice of HALLTEC (the issuer, tenant `tenant`) to the receiver's NIT. */
export function creditInvoice(environment: 'test' | 'live' = 'test'): DocumentState {
  const body = invoiceFor(RECEIVER.nit, {
    payment_details: [{ payment_form: '2', payment_method_code: '42', amount: '83300.00', due_date: '2026-12-31' }],
  });
  return validatedState('sales-invoice', body, { number: 'SETP990000001', environment });
}

interface Step {
  code: string;
  at: string;
  claimConcept?: string;
  person?: EventPerson;
}

/** The trail after the receiver's steps, and the tacit acceptance (034) when `tacitAt` is given. */
export function trailOf(invoice: DocumentState, steps: readonly Step[], tacitAt?: string): AcceptanceState {
  const facts = invoiceFactsOf(invoice)!;
  let state = acceptanceDecider.initialState();
  const apply = (command: Parameters<typeof acceptanceDecider.decide>[0]) => {
    state = acceptanceDecider.decide(command, state).reduce(acceptanceDecider.evolve, state);
  };
  for (const step of steps) {
    apply({ type: 'RecordReceiverEvent', invoice: facts, receiver: RECEIVER, code: step.code, claimConcept: step.claimConcept, person: step.person, softwarePin: HABILITACION_SOFTWARE.pin, now: new Date(step.at) });
  }
  if (tacitAt) apply({ type: 'RecordTacitAcceptance', invoice: facts, softwarePin: HABILITACION_SOFTWARE.pin, now: new Date(tacitAt) });
  return state;
}

/** The event numbered `number` of the trail, as its sender (receiver for 030–033, issuer for 034) renders it. */
export function ownEvent(invoice: DocumentState, trail: AcceptanceState, number: string): OwnEvent {
  const record = trail.records.find((candidate) => candidate.number === number)!;
  const senderTenantId = record.actor.role === 'issuer' ? ISSUER_TENANT : RECEIVER.tenantId;
  return { invoice, record, trail, senderTenantId, environment: invoice.environment };
}
