import type { Clock } from '../ports/clock.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { Scope } from '../documents/get-document.ts';
import type { VerificationRow } from './verification-row.ts';

/**
 * Writes a running verification's row for every instance to read: at most every `intervalMs` while it progresses,
 * at least every `heartbeatMs` even when it does not (the heartbeat), and once more at the end. Writes never overlap,
 * and each carries a higher revision than the one before.
 */
export class VerificationRecorder {
  private revision = 0n;
  private lastWriteAt = 0;
  private writing: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rows: ReadModelCollection<VerificationRow>,
    private readonly scope: Scope,
    private readonly row: VerificationRow,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    heartbeatMs: number,
  ) {
    this.timer = setInterval(() => {
      if (this.clock.now().getTime() - this.lastWriteAt >= heartbeatMs) void this.write().catch(() => undefined);
    }, Math.min(heartbeatMs, 1_000));
    this.timer.unref();
  }

  /** Writes when the last write is older than the interval. */
  async progressed(): Promise<void> {
    if (this.clock.now().getTime() - this.lastWriteAt >= this.intervalMs) await this.write();
  }

  /** The last write: stops the heartbeat. */
  async finish(): Promise<void> {
    this.stop();
    await this.write();
  }

  /** Stops the heartbeat without writing (the row could not be written at all). */
  stop(): void {
    clearInterval(this.timer);
  }

  write(): Promise<void> {
    const next = this.writing.then(async () => {
      const now = this.clock.now();
      this.lastWriteAt = now.getTime();
      this.row.heartbeatAt = now.toISOString();
      this.revision += 1n;
      await this.rows.upsert({ ...this.scope, id: this.row.id }, this.revision, { ...this.row, findings: [...this.row.findings] });
    });
    this.writing = next.catch(() => undefined);
    return next;
  }
}
