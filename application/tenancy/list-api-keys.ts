import { apiKeyDecider, type ApiKeyEvent, type ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { EventStore } from '../ports/event-store.ts';

const KEY_EVENT_TYPES: readonly ApiKeyEvent['type'][] = ['ApiKeyIssued', 'ApiKeyRevoked', 'ApiKeyExpirySet'];

/** The keys of one tenant, folded from the log (the operator's view; never includes secrets). */
export async function listApiKeys(store: EventStore, tenantId: string): Promise<ApiKeyState[]> {
  const byKey = new Map<string, ApiKeyState>();
  for (const event of await readAllOfTypes(store, { eventTypes: KEY_EVENT_TYPES })) {
    const typed = toDomainEvent<ApiKeyEvent>(event, KEY_EVENT_TYPES);
    if (!typed) continue;
    const keyId = typed.data.keyId;
    byKey.set(keyId, apiKeyDecider.evolve(byKey.get(keyId) ?? apiKeyDecider.initialState(), typed));
  }
  return [...byKey.values()].filter((key) => key.tenantId === tenantId);
}
