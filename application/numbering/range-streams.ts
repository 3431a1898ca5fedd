import { SCHEMA_VERSION } from '../event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../ports/event-store.ts';
import { isHabilitacion } from '../../domain/numbering/habilitacion.ts';
import type { NumberingResolution } from '../../domain/numbering/numbering-resolution.ts';
import { decideRange, type RangeCommand, type RangeRefusal } from '../../domain/numbering/range-decider.ts';
import { RANGE_EVENT_TYPES, type RangeEvent } from '../../domain/numbering/range-events.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import { applyRangeEvent, initialRangeState, type RangeState } from '../../domain/numbering/range-state.ts';

/** Lost races in a row before giving up: each one means another instance used the range meanwhile. */
const MAX_RACES = 50;

interface Cached {
  state: RangeState;
  expected: ExpectedRevision;
}

/** The stream of a resolution's range; DIAN's habilitación range keeps the stream the built-in sandbox always used. */
export function rangeStreamId(resolution: NumberingResolution): string {
  if (isHabilitacion(resolution.id)) return `sandboxRange-${resolution.tenantId}.${resolution.environment}.${resolution.family}`;
  return `numberingRange-${resolution.id}`;
}

/**
 * The ranges' streams, with their state kept in memory between uses: every change is appended with the revision it
 * was decided on, so instances sharing a range never hand out one number twice or reserve more numbers than there
 * are (a lost race reads the stream again and decides afresh). Within an instance the uses of a range take turns.
 */
export class RangeStreams {
  private readonly cache = new Map<string, Cached>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly store: EventStore) {}

  /** Decides and appends; answers the state after it, or why the range refused. */
  run(resolution: NumberingResolution, command: RangeCommand): Promise<{ state: RangeState; refused: RangeRefusal | null }> {
    const streamId = rangeStreamId(resolution);
    return this.inTurn(streamId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const hit = this.cache.get(streamId);
        const cached = hit ?? (await this.load(streamId, resolution));
        const decision = decideRange(command, cached.state, resolution);
        if ('refused' in decision) {
          // A refusal decided on a stale copy could be wrong (another instance released numbers): decide it fresh once.
          if (hit && attempt === 1) {
            this.cache.delete(streamId);
            continue;
          }
          return { state: cached.state, refused: decision.refused };
        }
        if (decision.events.length === 0) return { state: cached.state, refused: null };
        try {
          await this.append(streamId, resolution, cached, decision.events);
          return { state: cached.state, refused: null };
        } catch (error) {
          this.cache.delete(streamId);
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_RACES) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
        }
      }
    });
  }

  /** The range as the store holds it now (read afresh), or as this instance last saw it. */
  state(resolution: NumberingResolution, fresh: boolean): Promise<RangeState> {
    const streamId = rangeStreamId(resolution);
    return this.inTurn(streamId, async () => {
      const cached = !fresh && this.cache.get(streamId);
      return (cached || (await this.load(streamId, resolution))).state;
    });
  }

  private inTurn<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const run = (this.turns.get(streamId) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.turns.set(streamId, run);
    return run;
  }

  private async load(streamId: string, resolution: NumberingResolution): Promise<Cached> {
    const cached: Cached = { state: initialRangeState(resolution.from), expected: 'no_stream' };
    for (const event of await this.store.readStream(streamId)) {
      const known = toDomainEvent<RangeEvent>(event, RANGE_EVENT_TYPES);
      if (known) applyRangeEvent(cached.state, known);
      cached.expected = event.revision;
    }
    this.cache.set(streamId, cached);
    return cached;
  }

  private async append(streamId: string, resolution: NumberingResolution, cached: Cached, events: RangeEvent[]): Promise<void> {
    const metadata = { tenantId: resolution.tenantId, environment: resolution.environment, actor: 'system:numbering', schemaVersion: SCHEMA_VERSION };
    const result = await this.store.append(streamId, events.map((event) => ({ type: event.type, data: event.data, metadata })), cached.expected);
    for (const event of events) applyRangeEvent(cached.state, event);
    cached.expected = result.nextExpectedRevision;
  }
}
