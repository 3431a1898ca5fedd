import type { Clock } from '../../../application/ports/clock.ts';
import type { CoordinationStore } from '../../../application/ports/coordination-store.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import type { DocumentFamily, ResolvedReference } from '../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { evolveDocument } from '../../../domain/documents/evolve-document.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { createFactusProvider } from '../../../infrastructure/providers/factus/create-factus-provider.ts';
import type { FactusProvider } from '../../../infrastructure/providers/factus/factus-provider.ts';
import type { Sleep } from '../../../infrastructure/providers/factus/http/sleep.ts';
import { DOUBLE_CREDENTIALS, type FactusDouble } from './double/factus-double.ts';

export const ISSUER = { nit: '900825759', dv: '7', legal_name: 'HALLTEC S.A.S.', trade_name: 'Halltec' };

let sequence = 0;

/**
 * A document of `family` as the submission hands it to the provider: created from `body` (normalized, totals), sent;
 * with `reference`, as the use case resolved the document the body names.
 */
export function sentDocument(family: DocumentFamily, body: Record<string, unknown>, documentId = nextId(), reference?: ResolvedReference): DocumentState {
  const command = {
    type: 'CreateDocument' as const,
    family,
    documentId,
    tenantId: 'tenant-1',
    environment: 'test',
    transactionId: `tx-${documentId}`,
    idempotencyKey: `key-${documentId}`,
    requestHash: 'hash',
    issuer: ISSUER,
    reference,
    body,
    now: new Date('2026-05-06T15:00:00.000Z'),
  };
  const created = documentDecider.decide(command, documentDecider.initialState()).reduce(evolveDocument, documentDecider.initialState());
  return { ...created, status: 'sent' };
}

export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export interface FactusOptions {
  timeoutMs?: number;
  requestsPerMinute?: number;
  sleep?: Sleep;
  /** Shared with other adapters to play several instances; a store of its own otherwise. */
  coordination?: CoordinationStore;
}

/** The adapter as the container builds it, pointed at the double. */
export function factusAgainst(double: FactusDouble, clock: Clock, options: FactusOptions = {}): FactusProvider {
  const settings = { url: double.url, ...DOUBLE_CREDENTIALS, timeoutMs: options.timeoutMs ?? 2_000, requestsPerMinute: options.requestsPerMinute ?? 80 };
  const coordination = options.coordination ?? new SqliteCoordinationStore(':memory:');
  return createFactusProvider(settings, { clock, coordination, sleep: options.sleep });
}

/** A sleep that moves the test clock instead of waiting, remembering what was asked. */
export function clockSleep(clock: { advance(ms: number): void }, asked: number[] = []): Sleep {
  return async (ms) => {
    asked.push(ms);
    clock.advance(ms);
  };
}
