import type { Logger } from 'pino';
import type { EventStore, EventSubscription, RecordedEvent } from '../ports/event-store.ts';
import type { CheckpointStore } from '../ports/read-model-store.ts';
import { CheckpointTracker } from './checkpoint-tracker.ts';
import type { EventHandler } from './event-handler.ts';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry-policy.ts';

export interface RunnerOptions {
  /** Events handled at once; events of one stream always run one after another. */
  concurrency?: number;
  checkpointEvery?: number;
  checkpointIntervalMs?: number;
  retry?: RetryPolicy;
}

const YIELD_EVERY = 50;

export type RunnerState = 'idle' | 'running' | 'stopped' | 'failed';

export interface RunnerStatus {
  name: string;
  kind: EventHandler['kind'];
  state: RunnerState;
  position: string | null;
  error: string | null;
}

/**
 * Feeds one handler from the log, resuming at its durable checkpoint. A failing event is retried with capped
 * back-off; when retries run out the runner stops and reports the error; it never skips an event.
 */
export class SubscriptionRunner {
  private state: RunnerState = 'idle';
  private error: string | null = null;
  private subscription: EventSubscription | undefined;
  private tracker = new CheckpointTracker(undefined);
  private committed: bigint | undefined;
  private lastCommitAt = Date.now();
  private handledSinceCommit = 0;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly slots: Array<() => void> = [];
  private active = 0;
  private loop: Promise<void> | undefined;
  private commitTimer: NodeJS.Timeout | undefined;
  private commitChain: Promise<void> = Promise.resolve();
  private readonly options: Required<RunnerOptions>;

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: CheckpointStore,
    readonly handler: EventHandler,
    private readonly logger: Logger,
    options: RunnerOptions = {},
  ) {
    this.options = {
      concurrency: options.concurrency ?? 1,
      checkpointEvery: options.checkpointEvery ?? 200,
      checkpointIntervalMs: options.checkpointIntervalMs ?? 1_000,
      retry: options.retry ?? DEFAULT_RETRY,
    };
  }

  async start(): Promise<void> {
    const from = await this.checkpoints.load(this.handler.name);
    this.tracker = new CheckpointTracker(from);
    this.committed = from;
    this.state = 'running';
    this.error = null;
    this.subscription = this.store.subscribeToAll({ after: from, filter: this.handler.filter });
    this.loop = this.consume(this.subscription).catch((error) => this.fail(error));
    // Commits the tail of a burst once the interval has passed, even when no further event arrives.
    this.commitTimer = setInterval(() => {
      this.maybeCommit().catch((error) => this.logger.warn({ err: error, handler: this.handler.name }, 'checkpoint commit failed'));
    }, this.options.checkpointIntervalMs);
    this.commitTimer.unref();
  }

  private async consume(subscription: EventSubscription): Promise<void> {
    let sinceYield = 0;
    for await (const event of subscription) {
      if (this.state !== 'running') break;
      // A long catch-up runs on microtasks only; let HTTP requests and timers in now and then.
      if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.acquireSlot();
      this.tracker.started(event.position);
      const previous = this.chains.get(event.streamId) ?? Promise.resolve();
      const next = previous.then(() => this.process(event));
      this.chains.set(event.streamId, next);
      void next.finally(() => {
        if (this.chains.get(event.streamId) === next) this.chains.delete(event.streamId);
      });
    }
  }

  private async process(event: RecordedEvent): Promise<void> {
    if (this.state !== 'running') return this.releaseSlot();
    try {
      await withRetry(this.options.retry, () => this.handler.handle(event), (error, attempt, delayMs) =>
        this.logger.warn({ err: error, handler: this.handler.name, position: event.position.toString(), attempt, delayMs }, 'event handling failed; retrying'),
      );
      this.tracker.finished(event.position);
      this.handledSinceCommit += 1;
      await this.maybeCommit();
    } catch (error) {
      await this.fail(error, event);
    } finally {
      this.releaseSlot();
    }
  }

  private acquireSlot(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.slots.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.slots.shift();
    if (next) next();
    else this.active -= 1;
  }

  private async maybeCommit(force = false): Promise<void> {
    const position = this.tracker.position;
    if (position === undefined || position === this.committed) return;
    const due = force || this.handledSinceCommit >= this.options.checkpointEvery ||
      Date.now() - this.lastCommitAt >= this.options.checkpointIntervalMs;
    if (!due) return;
    this.committed = position;
    this.handledSinceCommit = 0;
    this.lastCommitAt = Date.now();
    // One write at a time, in order: a slower earlier write must never land after a later one.
    const write = this.commitChain.then(() => this.checkpoints.store(this.handler.name, position));
    this.commitChain = write.catch(() => undefined);
    await write;
  }

  private async fail(error: unknown, event?: RecordedEvent): Promise<void> {
    if (this.state === 'failed' || this.state === 'stopped') return;
    this.state = 'failed';
    clearInterval(this.commitTimer);
    const where = event ? ` at position ${event.position} (${event.type} on ${event.streamId})` : '';
    this.error = `${error instanceof Error ? error.message : String(error)}${where}`;
    this.logger.error({ err: error, handler: this.handler.name }, `subscription stopped${where}`);
    await this.subscription?.close();
    await this.maybeCommit(true).catch(() => undefined);
  }

  /** Stops taking events, lets the ones in flight finish, and commits the checkpoint. */
  async stop(): Promise<void> {
    if (this.state === 'running') this.state = 'stopped';
    clearInterval(this.commitTimer);
    await this.subscription?.close();
    while (this.slots.length > 0) this.slots.shift()!();
    await Promise.allSettled([...this.chains.values()]);
    await this.loop;
    await this.maybeCommit(true);
  }

  /** Resolves once every event up to `position` that this handler takes has been handled. */
  async waitFor(position: bigint, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const head = await this.store.headPosition(this.handler.filter);
    const target = head < position ? head : position;
    while ((this.tracker.position ?? 0n) < target) {
      if (this.state === 'failed') throw new Error(`${this.handler.name} failed: ${this.error}`);
      if (this.state === 'stopped' || this.state === 'idle') throw new Error(`${this.handler.name} is ${this.state}`);
      if (Date.now() > deadline) throw new Error(`${this.handler.name} did not reach position ${target} in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  status(): RunnerStatus {
    const position = this.tracker.position;
    return {
      name: this.handler.name,
      kind: this.handler.kind,
      state: this.state,
      position: position === undefined ? null : position.toString(),
      error: this.error,
    };
  }
}
