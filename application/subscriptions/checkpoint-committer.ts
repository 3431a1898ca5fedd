import type { CheckpointStore } from '../ports/read-model-store.ts';
import { reconnectDelay, type ReconnectPolicy } from './reconnect-policy.ts';

interface CommitterHooks {
  /** The position everything up to which has been handled. */
  safePosition(): bigint | undefined;
  /** A write failed (the store is down): the runner reports it while the committer keeps trying. */
  onFault(error: unknown): void;
  onRecovered(): void;
  random(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * Writes a runner's checkpoint in the background, one write at a time and in order, so a slow or failing write never
 * holds up event handling. A failed write is retried with back-off until the store answers again.
 */
export class CheckpointCommitter {
  private committed: bigint | undefined;
  private running: Promise<void> | undefined;
  private giveUpAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly name: string,
    private readonly store: CheckpointStore,
    private readonly policy: ReconnectPolicy,
    private readonly hooks: CommitterHooks,
  ) {}

  /** What the store holds (as far as this runner wrote or loaded it). */
  reset(position: bigint | undefined): void {
    this.committed = position;
  }

  get position(): bigint | undefined {
    return this.committed;
  }

  /** Starts writing the safe position unless a write is already under way (it writes the newest when done). */
  commit(): Promise<void> {
    this.running ??= this.writeUntilCurrent().finally(() => (this.running = undefined));
    return this.running;
  }

  /** A last commit on the way out, tried for at most `timeoutMs` if the store is down. */
  async flush(timeoutMs: number): Promise<void> {
    this.giveUpAt = Date.now() + timeoutMs;
    try {
      await this.running;
      await this.commit();
    } finally {
      this.giveUpAt = Number.POSITIVE_INFINITY;
    }
  }

  private async writeUntilCurrent(): Promise<void> {
    for (let failures = 0; ; ) {
      const position = this.hooks.safePosition();
      if (position === undefined || position === this.committed) return;
      try {
        await this.store.store(this.name, position);
        this.committed = position;
        if (failures > 0) this.hooks.onRecovered();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.hooks.onFault(error);
        if (Date.now() >= this.giveUpAt) return;
        await this.hooks.sleep(Math.min(reconnectDelay(this.policy, failures, this.hooks.random), Math.max(0, this.giveUpAt - Date.now())));
      }
    }
  }
}
