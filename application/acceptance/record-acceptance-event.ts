import { acceptanceDecider } from '../../domain/acceptance/acceptance-decider.ts';
import { acceptanceStreamId } from '../../domain/acceptance/acceptance-events.ts';
import type { AcceptanceRecord, EventPerson } from '../../domain/acceptance/acceptance-record.ts';
import { invoiceFactsOf } from '../../domain/acceptance/invoice-facts.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { SoftwareIdentities } from '../ports/software-identity.ts';
import type { GetReceivedDocument } from './get-received-document.ts';
import type { Receiver } from './receiver.ts';

interface ReceiverEventRequest {
  invoiceId: string;
  code: unknown;
  claimConcept?: unknown;
  person?: EventPerson;
}

/**
 * `POST /receptions/v1/received-documents/{id}/events`: the receiver sends 030–033 on an invoice issued to it. The
 * trail is the invoice issuer's: its events carry the issuer's tenant in their metadata and the receiver as actor.
 */
export class RecordAcceptanceEvent {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly received: GetReceivedDocument,
    private readonly clock: Clock,
    /** The receiver's software: its PIN enters the event's CUDE. */
    private readonly software: SoftwareIdentities,
    /** The deployment sends the company's events to DIAN itself (PROVIDER=dian): each is recorded with that intent. */
    private readonly transmitToDian = false,
  ) {}

  async execute(request: ReceiverEventRequest, receiver: Receiver, context: RequestContext): Promise<AcceptanceRecord> {
    const { invoice } = await this.received.execute(request.invoiceId, receiver);
    const facts = invoiceFactsOf(invoice)!;
    const { pin } = await this.software.of(receiver.tenantId, facts.environment);
    const { state } = await this.aggregates.handle(
      acceptanceStreamId(invoice.id),
      acceptanceDecider,
      {
        type: 'RecordReceiverEvent',
        invoice: facts,
        receiver: { tenantId: receiver.tenantId, nit: receiver.nit, name: receiver.name },
        code: request.code,
        claimConcept: request.claimConcept,
        person: request.person,
        softwarePin: pin,
        transmitToDian: this.transmitToDian,
        now: this.clock.now(),
      },
      { ...context, tenantId: facts.issuerTenantId, environment: facts.environment },
    );
    return state.records[state.records.length - 1];
  }
}
