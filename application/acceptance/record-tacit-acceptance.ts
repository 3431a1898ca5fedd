import { acceptanceDecider } from '../../domain/acceptance/acceptance-decider.ts';
import { acceptanceStreamId } from '../../domain/acceptance/acceptance-events.ts';
import { invoiceFactsOf } from '../../domain/acceptance/invoice-facts.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { SoftwareIdentities } from '../ports/software-identity.ts';
import { revisionOnceSettled } from '../scheduling/revision-once-settled.ts';

const ACTOR = 'system:tacit-acceptance';

/** The companies of this service registered with a NIT: the invoice's receivers, told of its 034. */
export type ReceivingCompanies = (nit: string) => Promise<string[]>;

/** The issuer's side records 034 on a due deadline when it still applies; otherwise nothing (safe to repeat). */
export class RecordTacitAcceptance {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
    /** The issuer's software: its PIN enters the CUDE of 034. */
    private readonly software: SoftwareIdentities,
    /** The deployment sends the issuer's 034 to DIAN itself (PROVIDER=dian): it is recorded with that intent. */
    private readonly transmitToDian = false,
    private readonly receivingCompanies: ReceivingCompanies = async () => [],
  ) {}

  /** Answers whether 034 was recorded now. */
  async execute(invoiceId: string): Promise<boolean> {
    const { state: invoice } = await this.aggregates.load(documentStreamId(salesInvoiceFamily, invoiceId), documentDecider);
    const facts = invoiceFactsOf(invoice);
    if (!facts) throw new Error(`invoice ${invoiceId} has a tacit-acceptance deadline but no tax authority number`);
    const { pin } = await this.software.of(facts.issuerTenantId, facts.environment);
    // Recorded with 034, so the webhooks that tell the receivers of it map the log without looking anything up.
    const receiverTenantIds = await this.receivingCompanies(facts.customerIdentification);
    const { events } = await this.aggregates.handle(
      acceptanceStreamId(invoiceId),
      acceptanceDecider,
      { type: 'RecordTacitAcceptance', invoice: facts, receiverTenantIds, softwarePin: pin, transmitToDian: this.transmitToDian, now: this.clock.now() },
      { tenantId: facts.issuerTenantId, environment: facts.environment, actor: ACTOR, correlationId: `tacit-acceptance-${invoiceId}` },
    );
    return events.some((event) => event.type === 'AcceptanceEventRecorded');
  }

  /** The trail's revision when the invoice's tacit-acceptance deadline is settled (none pending); undefined otherwise. */
  async settledRevision(invoiceId: string): Promise<bigint | undefined> {
    const loaded = await this.aggregates.load(acceptanceStreamId(invoiceId), acceptanceDecider);
    return revisionOnceSettled(loaded, loaded.state.tacitDueAt !== null);
  }
}
