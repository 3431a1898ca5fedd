import type { Logger } from 'pino';
import { Leases, type HeldLease } from '../coordination/leases.ts';
import type { Scope } from '../documents/get-document.ts';
import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { ReadModelCollection, RowPosition } from '../ports/read-model-store.ts';
import { VerificationNotFoundError, VerificationRunningError } from './audit-errors.ts';
import type { TrailFinding } from './trail-finding.ts';
import { VerificationRecorder } from './verification-recorder.ts';
import { asSeenAt, HEARTBEAT_TIMEOUT_MS, KEPT_FINDINGS, type VerificationFindingRow, type VerificationRow } from './verification-row.ts';
import { verifyTrail } from './verify-trail.ts';

export interface TrailVerificationOptions {
  /** This process among the instances (it holds the claim and is named on the row). */
  instanceId: string;
  /** The store numbers the log without holes (SQLite): a hole is a deleted event. */
  contiguousPositions: boolean;
  /** Least time between two progress writes. */
  writeIntervalMs?: number;
  /** Longest time without a write while it runs. */
  heartbeatMs?: number;
}

const CLAIM_PREFIX = 'audit-verification:';
const claimName = ({ tenantId, environment }: Scope) => `${CLAIM_PREFIX}${tenantId}.${environment}`;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const asRow = ({ streamId, revision, position, kind, detail }: TrailFinding): VerificationFindingRow => ({
  stream: streamId,
  revision: revision === null ? null : Number(revision),
  position: position === null ? null : Number(position),
  kind,
  detail,
});

/**
 * Verifications of a company's trail in one environment (as `audit verify --tenant`), run in the background of the
 * process that was asked, one page of the log at a time with a turn of the event loop between pages, so requests keep
 * being answered. Their state lives in the read-model store, so any instance answers for any of them; one runs at a
 * time per company and environment, held by a lease in the coordination store.
 */
export class TrailVerifications {
  private readonly leases: Leases;
  private readonly running = new Map<string, AbortController>();
  private readonly finished = new Set<Promise<void>>();

  constructor(
    private readonly events: EventStore,
    private readonly rows: ReadModelCollection<VerificationRow>,
    coordination: CoordinationStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
    private readonly options: TrailVerificationOptions,
  ) {
    this.leases = new Leases(coordination, clock);
  }

  /** Starts one; throws VerificationRunningError while another of the same company and environment runs. */
  async start(scope: Scope): Promise<VerificationRow> {
    const id = `ver_${this.ids.token(20)}`;
    const lease = await this.leases.acquire(claimName(scope), `${this.options.instanceId}/${id}`, HEARTBEAT_TIMEOUT_MS);
    if (!lease) throw new VerificationRunningError(await this.runningId(scope));
    const now = this.clock.now().toISOString();
    const row: VerificationRow = {
      id, status: 'running', startedAt: now, finishedAt: null, heartbeatAt: now, instance: this.options.instanceId,
      eventsTotal: 0, eventsChecked: 0, tenantEvents: 0, streamsChecked: 0, intact: null, findings: [], findingsCount: 0, error: null,
    };
    const recorder = new VerificationRecorder(this.rows, scope, row, this.clock, this.options.writeIntervalMs ?? 250, this.options.heartbeatMs ?? 5_000);
    try {
      await recorder.write();
    } catch (error) {
      recorder.stop();
      await this.leases.release(lease).catch(() => undefined);
      throw error;
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    const job = this.run(scope, row, recorder, lease, controller.signal).finally(() => {
      this.running.delete(id);
      this.finished.delete(job);
    });
    this.finished.add(job);
    return { ...row };
  }

  async get(id: string, scope: Scope): Promise<VerificationRow> {
    const row = await this.rows.get({ ...scope, id });
    if (!row) throw new VerificationNotFoundError(id);
    return asSeenAt(row, this.clock.now());
  }

  /** Newest first; `next` is where the following page starts. */
  async list(scope: Scope, limit: number, after?: RowPosition): Promise<{ items: VerificationRow[]; next: RowPosition | null }> {
    const rows = await this.rows.find({ ...scope, orderBy: [['startedAt', 'desc']], after, limit: limit + 1 });
    const items = rows.slice(0, limit).map((row) => asSeenAt(row, this.clock.now()));
    const last = items[items.length - 1];
    return { items, next: rows.length > limit ? { values: [last.startedAt], id: last.id } : null };
  }

  /** Stops the verifications this process runs: each is recorded interrupted. */
  async close(): Promise<void> {
    for (const controller of this.running.values()) controller.abort(new Error('the service stopped while it ran'));
    await Promise.all([...this.finished]);
  }

  private async run(scope: Scope, row: VerificationRow, recorder: VerificationRecorder, lease: HeldLease, signal: AbortSignal): Promise<void> {
    let held: HeldLease | null = lease;
    try {
      const head = await this.events.headPosition();
      row.eventsTotal = this.options.contiguousPositions ? Number(head) : await this.events.eventsAfter(0n, Number.MAX_SAFE_INTEGER);
      const report = await verifyTrail(this.events, {
        ...scope,
        contiguousPositions: this.options.contiguousPositions,
        signal,
        onPage: async ({ read, events, streams, findings }) => {
          Object.assign(row, { eventsChecked: read, tenantEvents: events, streamsChecked: streams, findingsCount: findings.length });
          if (row.findings.length < KEPT_FINDINGS) row.findings = findings.slice(0, KEPT_FINDINGS).map(asRow);
          if (held && this.clock.now().getTime() > held.expiresAt - (2 * HEARTBEAT_TIMEOUT_MS) / 3) {
            held = await this.leases.renew(held, HEARTBEAT_TIMEOUT_MS);
            if (!held) throw new Error('this instance lost its claim on the verification (it stalled for more than 30 s)');
          }
          await recorder.progressed();
          await yieldToEventLoop();
        },
      });
      Object.assign(row, {
        status: 'completed', eventsTotal: Math.max(row.eventsTotal, row.eventsChecked), tenantEvents: report.events, streamsChecked: report.streams,
        findings: report.findings.slice(0, KEPT_FINDINGS).map(asRow), findingsCount: report.findings.length, intact: report.findings.length === 0,
      });
    } catch (error) {
      row.status = signal.aborted ? 'interrupted' : 'failed';
      row.error = error instanceof Error ? error.message : String(error);
      if (!signal.aborted) this.logger.error({ err: error, verification: row.id, ...scope }, 'trail verification failed');
    } finally {
      row.finishedAt = this.clock.now().toISOString();
      await recorder.finish().catch((error: unknown) => this.logger.error({ err: error, verification: row.id }, 'could not record the end of a trail verification'));
      if (held) await this.leases.release(held).catch(() => undefined);
    }
  }

  /** The verification that holds the company's claim now. */
  private async runningId(scope: Scope): Promise<string> {
    const [claim] = (await this.leases.list(claimName(scope))).filter((info) => info.name === claimName(scope) && info.live);
    return claim ? claim.holder.slice(claim.holder.lastIndexOf('/') + 1) : 'unknown';
  }
}
