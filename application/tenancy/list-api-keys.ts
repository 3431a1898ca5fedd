import { apiKeyDecider, type ApiKeyEvent, type ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { EventStore } from '../ports/event-store.ts';

/** The keys of one tenant, folded from the log (the operator's view; never includes secrets). */
export async function listApiKeys(store: EventStore, tenantId: string): Promise<ApiKeyState[]> {
  const byKey = new Map<string, ApiKeyState>();
  for (const event of await readAllOfTypes(store, { eventTypes: ['ApiKeyIssued', 'ApiKeyRevoked'] })) {
    const keyId = String(event.data.keyId);
    const state = byKey.get(keyId) ?? apiKeyDecider.initialState();
    byKey.set(keyId, apiKeyDecider.evolve(state, { type: event.type, data: event.data } as ApiKeyEvent));
  }
  return [...byKey.values()].filter((key) => key.tenantId === tenantId);
}
