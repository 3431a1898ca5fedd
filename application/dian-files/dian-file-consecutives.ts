import { dianFileCounterStreamId, fileConsecutiveDecider } from '../../domain/dian-files/file-consecutive.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Clock } from '../ports/clock.ts';

/** The per-sender, per-year consecutive that names the files sent to DIAN (its `dddddddd`, restarting every year). */
export class DianFileConsecutives {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  /** Takes the next number of `year` for the company; never the same twice, even across instances. */
  async next(tenantId: string, environment: string, year: number): Promise<number> {
    const context = { tenantId, environment, actor: 'system:dian-files', correlationId: `dian-files-${tenantId}-${year}` };
    const handled = await this.aggregates.handle(dianFileCounterStreamId(tenantId, environment, year), fileConsecutiveDecider, { type: 'TakeDianFileNumber', now: this.clock.now() }, context);
    return handled.state.last;
  }
}
