import { SCHEMA_VERSION } from '../event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../ports/event-store.ts';

/** One stream per sender, environment and year: one event per file sent, its consecutive = its revision + 1. */
export const dianFileCounterStreamId = (tenantId: string, environment: string, year: number) => `dianFileCounter-${tenantId}.${environment}.${year}`;

/** Lost races in a row before giving up: each one means another instance took a consecutive meanwhile. */
const MAX_RACES = 50;

/**
 * The per-sender, per-year consecutive that names every file sent to DIAN (documents and acceptance events alike: their
 * ZIPs share one `z{NIT}…{dddddddd}` series, reference dian-webservices.md §7). Each number is appended to the year's
 * counter with the revision it was decided on, so two instances never take the same one (the loser moves past the
 * winner's revision and tries again); the head is read once per process and year, then kept.
 */
export class DianFileConsecutives {
  private readonly heads = new Map<string, ExpectedRevision>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly store: EventStore) {}

  /** Takes the next number of `year` for the sender; `subject` (a document or event id) is recorded beside it. */
  next(tenantId: string, environment: string, year: number, subject = ''): Promise<number> {
    const streamId = dianFileCounterStreamId(tenantId, environment, year);
    const metadata = { tenantId, environment, actor: 'system:dian-files', schemaVersion: SCHEMA_VERSION };
    return this.inTurn(streamId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const head = this.heads.get(streamId) ?? (await this.head(streamId));
        const consecutive = head === 'no_stream' ? 1 : Number(head) + 2;
        const event = { type: 'DianFileConsecutiveTaken', data: { subject, consecutive }, metadata };
        try {
          const result = await this.store.append(streamId, [event], head);
          this.heads.set(streamId, result.nextExpectedRevision);
          return consecutive;
        } catch (error) {
          this.heads.delete(streamId);
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_RACES) throw error;
          if (typeof error.actual === 'bigint') this.heads.set(streamId, error.actual);
        }
      }
    });
  }

  private async head(streamId: string): Promise<ExpectedRevision> {
    const events = await this.store.readStream(streamId);
    return events.length === 0 ? 'no_stream' : events[events.length - 1].revision;
  }

  /** Takes of one counter within this process go one after another (their appends would only race). */
  private inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.turns.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.turns.set(key, run);
    return run;
  }
}
