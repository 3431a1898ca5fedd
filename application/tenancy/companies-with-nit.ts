import type { EventStore } from '../ports/event-store.ts';
import { listTenants } from './list-tenants.ts';

/** The companies registered with `nit`, oldest first (a NIT may be registered more than once). */
export async function companiesWithNit(store: EventStore, nit: string): Promise<string[]> {
  return (await listTenants(store)).filter((tenant) => tenant.nit === nit).map((tenant) => tenant.id);
}
