import { tenantDecider, type TenantEvent, type TenantState } from '../../domain/tenancy/tenant.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { EventStore } from '../ports/event-store.ts';

const REGISTERED: readonly TenantEvent['type'][] = ['TenantRegistered'];

export async function listTenants(store: EventStore): Promise<TenantState[]> {
  const events = await readAllOfTypes(store, { eventTypes: REGISTERED });
  return events.flatMap((event) => {
    const registered = toDomainEvent<TenantEvent>(event, REGISTERED);
    return registered ? [tenantDecider.evolve(tenantDecider.initialState(), registered)] : [];
  });
}
