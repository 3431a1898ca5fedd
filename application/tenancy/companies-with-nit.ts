import { tenantDecider, type TenantEvent } from '../../domain/tenancy/tenant.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import type { EventStore } from '../ports/event-store.ts';

const REGISTERED: readonly TenantEvent['type'][] = ['TenantRegistered'];
const PAGE = 1_000;

/**
 * The companies registered with a NIT (a NIT may be registered more than once), oldest first. The registrations are
 * read from the log once, then only those recorded since the last lookup: a due 034 asks this for every invoice, and
 * a scan of the whole log each time would grow with it. Lookups run one after another.
 */
export class CompaniesWithNit {
  private readonly byNit = new Map<string, string[]>();
  private after: bigint | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly store: EventStore) {}

  async of(nit: string): Promise<string[]> {
    const caughtUp = this.chain.catch(() => undefined).then(() => this.readNew());
    this.chain = caughtUp;
    await caughtUp;
    return [...(this.byNit.get(nit) ?? [])];
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const page = await this.store.readAll({ after: this.after, maxCount: PAGE, filter: { eventTypes: REGISTERED } });
      for (const event of page) {
        const registered = toDomainEvent<TenantEvent>(event, REGISTERED);
        if (!registered) continue;
        const tenant = tenantDecider.evolve(tenantDecider.initialState(), registered);
        this.byNit.set(tenant.nit, [...(this.byNit.get(tenant.nit) ?? []), tenant.id]);
      }
      if (page.length > 0) this.after = page[page.length - 1].position;
      if (page.length < PAGE) return;
    }
  }
}
