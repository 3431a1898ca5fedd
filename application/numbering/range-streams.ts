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

type RangeOutcome = { state: RangeState; refused: RangeRefusal | null };

interface Queued {
  command: RangeCommand;
  resolve(outcome: RangeOutcome): void;
  reject(error: unknown): void;
}

/**
 * The ranges' streams, with their state kept in memory between uses: every change is appended with the revision it
 * was decided on, so instances sharing a range never hand out one number twice or reserve more numbers than there
 * are (a lost race reads the stream again and decides afresh). Within an instance the uses of a range take turns,
 * and the commands that wait meanwhile are decided one after another and appended together.
 */
export class RangeStreams {
  private readonly cache = new Map<string, Cached>();
  private readonly turns = new Map<string, Promise<unknown>>();
  private readonly waiting = new Map<string, Queued[]>();

  constructor(private readonly store: EventStore) {}

  /** Decides and appends; answers the state after it, or why the range refused. */
  run(resolution: NumberingResolution, command: RangeCommand): Promise<RangeOutcome> {
    const streamId = rangeStreamId(resolution);
    return new Promise<RangeOutcome>((resolve, reject) => {
      const queue = this.waiting.get(streamId);
      if (queue) return queue.push({ command, resolve, reject });
      const batch: Queued[] = [{ command, resolve, reject }];
      this.waiting.set(streamId, batch);
      // The batch takes the commands that arrive until its turn comes.
      void this.inTurn(streamId, async () => {
        this.waiting.delete(streamId);
        try {
          const outcomes = await this.runBatch(streamId, resolution, batch.map((queued) => queued.command));
          batch.forEach((queued, i) => queued.resolve(outcomes[i]));
        } catch (error) {
          for (const queued of batch) queued.reject(error);
        }
      });
    });
  }

  private async runBatch(streamId: string, resolution: NumberingResolution, commands: readonly RangeCommand[]): Promise<RangeOutcome[]> {
    for (let attempt = 1; ; attempt += 1) {
      const hit = this.cache.get(streamId);
      const cached = hit ?? (await this.load(streamId, resolution));
      // Decided one after another on the cached state, changed in place; a lost race drops it and decides afresh.
      const decisions = commands.map((command) => {
        const decision = decideRange(command, cached.state, resolution);
        if (!('refused' in decision)) for (const event of decision.events) applyRangeEvent(cached.state, event);
        return decision;
      });
      const refused = decisions.some((decision) => 'refused' in decision);
      const events = decisions.flatMap((decision) => ('refused' in decision ? [] : decision.events));
      // A refusal decided on a stale copy could be wrong (another instance released numbers): decide it fresh once.
      if (refused && hit && attempt === 1) {
        this.cache.delete(streamId);
        continue;
      }
      const outcomes = decisions.map((decision) => ({ state: cached.state, refused: 'refused' in decision ? decision.refused : null }));
      if (events.length === 0) return outcomes;
      try {
        await this.append(streamId, resolution, cached, events);
        return outcomes;
      } catch (error) {
        this.cache.delete(streamId);
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_RACES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
      }
    }
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
    cached.expected = result.nextExpectedRevision;
  }
}
