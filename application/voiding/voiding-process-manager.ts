import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, familyNamed, familyOfStream } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { RecordedEvent } from '../ports/event-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';

/**
 * When an annulment is validated (a credit note of concept 2, an adjustment note annulling a support document, a
 * payroll adjustment note), the document it references becomes voided. Replaying is harmless: voiding twice is a no-op.
 */
export class VoidingProcessManager implements EventHandler {
  readonly name = 'voiding';
  readonly kind = 'process-manager' as const;
  readonly filter = { eventTypes: ['DocumentValidated'] };

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const family = familyOfStream(event.streamId);
    if (!family) throw new Error(`stream ${event.streamId} belongs to no document family`);
    if (!family.referencedFamily) return;
    const { state } = await this.aggregates.load(event.streamId, documentDecider);
    if (!state.reference || !family.voidsReference(state.body)) return;
    const target = familyNamed(state.reference.family);
    await this.aggregates.handle(
      documentStreamId(target, state.reference.documentId),
      documentDecider,
      { type: 'VoidDocument', voidedBy: { family: family.name, documentId: state.id, number: state.number ?? '' }, now: this.clock.now() },
      {
        tenantId: state.tenantId,
        environment: state.environment,
        actor: `system:${this.name}`,
        correlationId: String(event.metadata.$correlationId ?? event.id),
        causationId: event.id,
      },
    );
  }
}
