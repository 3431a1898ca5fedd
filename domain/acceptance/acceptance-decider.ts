import type { Decider } from '../shared/decider.ts';
import type { AcceptanceCommand, RecordReceiverEvent, RecordTacitAcceptance } from './acceptance-commands.ts';
import { AcceptanceInputError, EventNotAllowedError } from './acceptance-errors.ts';
import type { AcceptanceEvent } from './acceptance-events.ts';
import { codesOf, evolveAcceptance, initialAcceptanceState, type AcceptanceState } from './acceptance-state.ts';
import type { ReceiverEventCode } from './acceptance-codes.ts';
import { eventRecorded } from './event-record.ts';
import { orderRefusal } from './order-rules.ts';
import { receiverEventIssues } from './receiver-event-rules.ts';
import { tacitAcceptanceDueAt } from './tacit-deadline.ts';
import { decideTransmission } from './decide-transmission.ts';

function receiverEvent(command: RecordReceiverEvent, state: AcceptanceState): AcceptanceEvent[] {
  const issues = receiverEventIssues({ code: command.code, claimConcept: command.claimConcept });
  if (issues.length > 0) throw new AcceptanceInputError(issues);
  const code = command.code as ReceiverEventCode;
  const { invoice, receiver, now } = command;
  if (invoice.voided) throw new EventNotAllowedError('invoice_voided', `invoice ${invoice.number} was voided by an annulment; it takes no further events`);
  const refusal = orderRefusal(code, codesOf(state));
  if (refusal) throw new EventNotAllowedError(refusal.rule, refusal.message);
  const recorded = eventRecorded({
    invoice,
    code,
    number: state.records.length + 1,
    emitter: { role: 'receiver', nit: receiver.nit, name: receiver.name, ...(command.person && { person: command.person }) },
    receiverId: invoice.issuerNit,
    receiverTenantId: receiver.tenantId,
    claimConcept: code === '031' ? String(command.claimConcept) : undefined,
    softwarePin: command.softwarePin,
    transmitToDian: command.transmitToDian,
    now,
  });
  if (code !== '032' || !invoice.credit) return [recorded];
  const dueAt = tacitAcceptanceDueAt(now).toISOString();
  return [recorded, { type: 'TacitAcceptanceScheduled', data: { invoiceId: invoice.invoiceId, goodsReceivedAt: now.toISOString(), dueAt, at: now.toISOString() } }];
}

/** Records 034 only when it is due and still applies; otherwise nothing (replays and early polls are harmless). */
function tacitAcceptance(command: RecordTacitAcceptance, state: AcceptanceState): AcceptanceEvent[] {
  const { invoice, now } = command;
  if (state.tacitDueAt === null || now.getTime() < Date.parse(state.tacitDueAt)) return [];
  if (invoice.voided) {
    return [{ type: 'TacitAcceptanceCancelled', data: { invoiceId: invoice.invoiceId, reason: `invoice ${invoice.number} was voided`, at: now.toISOString() } }];
  }
  if (!invoice.credit || orderRefusal('034', codesOf(state))) return [];
  return [
    eventRecorded({
      invoice,
      code: '034',
      number: state.records.length + 1,
      emitter: { role: 'issuer', nit: invoice.issuerNit, name: invoice.issuerName },
      receiverId: invoice.customerIdentification,
      receiverTenantIds: command.receiverTenantIds,
      softwarePin: command.softwarePin,
      transmitToDian: command.transmitToDian,
      now,
    }),
  ];
}

/** The acceptance trail of one sales invoice (RADIAN events 030–034) and the sending of its events to DIAN. */
export const acceptanceDecider: Decider<AcceptanceCommand, AcceptanceEvent, AcceptanceState> = {
  initialState: initialAcceptanceState,
  evolve: evolveAcceptance,
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordReceiverEvent':
        return receiverEvent(command, state);
      case 'RecordTacitAcceptance':
        return tacitAcceptance(command, state);
      default:
        return decideTransmission(command, state);
    }
  },
};
