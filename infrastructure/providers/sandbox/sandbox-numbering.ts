import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../../../application/ports/event-store.ts';
import { SCHEMA_VERSION } from '../../../application/event-sourcing/request-context.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import { SANDBOX_RANGES, type NumberingRange } from './sandbox-ranges.ts';

/** Lost races in a row before giving up: each one means another instance took the next number meanwhile. */
const MAX_RACES = 50;

interface RangeState {
  expected: ExpectedRevision;
  numbers: Map<string, string>;
  withdrawn: Set<string>;
  next: number;
}

export interface RangeScope {
  tenantId: string;
  environment: string;
  family: DocumentFamilyName;
}

/**
 * The sandbox's numbering range, kept as a stream so numbers survive restarts: each validated document gets the
 * next consecutive number exactly once (asking again returns the same number), without gaps.
 */
export class SandboxNumbering {
  private readonly cache = new Map<string, RangeState>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly ranges: Record<DocumentFamilyName, NumberingRange> = SANDBOX_RANGES,
  ) {}

  rangeOf(family: DocumentFamilyName): NumberingRange {
    return this.ranges[family];
  }

  /** The document's number, assigning the next one when it has none; null once it was withdrawn. */
  assign(scope: RangeScope, documentId: string): Promise<string | null> {
    return this.exclusive(scope, async (state, streamId) => {
      if (state.withdrawn.has(documentId)) return null;
      const existing = state.numbers.get(documentId);
      if (existing) return existing;
      const range = this.ranges[scope.family];
      if (state.next > range.to) throw new Error(`numbering range ${range.prefix} is exhausted`);
      const number = `${range.prefix}${state.next}`;
      await this.append(streamId, scope, state, 'SandboxNumberAssigned', { documentId, number, consecutive: state.next });
      return number;
    });
  }

  /** Withdraws a document that has no number yet; answers its number when it already has one. */
  withdraw(scope: RangeScope, documentId: string): Promise<string | null> {
    return this.exclusive(scope, async (state, streamId) => {
      const existing = state.numbers.get(documentId);
      if (existing) return existing;
      if (!state.withdrawn.has(documentId)) await this.append(streamId, scope, state, 'SandboxDocumentWithdrawn', { documentId });
      return null;
    });
  }

  private async exclusive<T>(scope: RangeScope, work: (state: RangeState, streamId: string) => Promise<T>): Promise<T> {
    const streamId = `sandboxRange-${scope.tenantId}.${scope.environment}.${scope.family}`;
    const previous = this.locks.get(streamId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(async () => {
      for (let attempt = 1; ; attempt += 1) {
        const state = this.cache.get(streamId) ?? (await this.load(streamId, this.ranges[scope.family]));
        try {
          return await work(state, streamId);
        } catch (error) {
          this.cache.delete(streamId);
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_RACES) throw error;
          // Another process numbered meanwhile (several instances share the range): read it again after a short pause.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
        }
      }
    });
    this.locks.set(streamId, run);
    return run;
  }

  private async load(streamId: string, range: NumberingRange): Promise<RangeState> {
    const state: RangeState = { expected: 'no_stream', numbers: new Map(), withdrawn: new Set(), next: range.from };
    for (const event of await this.store.readStream(streamId)) {
      apply(state, event.type, event.data);
      state.expected = event.revision;
    }
    this.cache.set(streamId, state);
    return state;
  }

  private async append(streamId: string, scope: RangeScope, state: RangeState, type: string, data: Record<string, unknown>): Promise<void> {
    const metadata = { tenantId: scope.tenantId, environment: scope.environment, actor: 'system:sandbox', schemaVersion: SCHEMA_VERSION };
    const result = await this.store.append(streamId, [{ type, data, metadata }], state.expected);
    apply(state, type, data);
    state.expected = result.nextExpectedRevision;
  }
}

function apply(state: RangeState, type: string, data: Record<string, unknown>): void {
  const documentId = String(data.documentId);
  if (type === 'SandboxNumberAssigned') {
    state.numbers.set(documentId, String(data.number));
    state.next = Number(data.consecutive) + 1;
  } else if (type === 'SandboxDocumentWithdrawn') {
    state.withdrawn.add(documentId);
  }
}
