import { tenantDecider, type TenantEvent, type TenantState } from '../../domain/tenancy/tenant.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { EventStore } from '../ports/event-store.ts';

export async function listTenants(store: EventStore): Promise<TenantState[]> {
  const events = await readAllOfTypes(store, { eventTypes: ['TenantRegistered'] });
  return events.map((event) => tenantDecider.evolve(tenantDecider.initialState(), { type: event.type, data: event.data } as TenantEvent));
}
