import type { Logger } from 'pino';
import type { EventStore, EventSubscription, RecordedEvent } from '../ports/event-store.ts';
import type { CheckpointStore } from '../ports/read-model-store.ts';
import type { SharedWork } from '../coordination/work-sharing.ts';
import { UnreadableEventError } from '../ports/store-errors.ts';
import { batchedMessages } from './batched-messages.ts';
import { CheckpointCommitter } from './checkpoint-committer.ts';
import { CheckpointTracker } from './checkpoint-tracker.ts';
import type { EventHandler } from './event-handler.ts';
import { DEFAULT_HANDLER_RETRY, HandlerRetries, type HandlerRetryPolicy } from './handler-retries.ts';
import { InterruptibleSleep } from './interruptible-sleep.ts';
import { DEFAULT_RECONNECT, reconnectDelay, type ReconnectPolicy } from './reconnect-policy.ts';
import type { RunnerState, RunnerStatus } from './runner-status.ts';
import { StoreFaults } from './store-faults.ts';
import { StreamOrderedDispatch } from './stream-ordered-dispatch.ts';

export interface RunnerOptions {
  /** Events handled at once; events of one stream always run one after another. */
  concurrency?: number;
  checkpointEvery?: number;
  checkpointIntervalMs?: number;
  /** A failure of the handler itself: retried this way, then the runner stops and reports it. */
  retry?: HandlerRetryPolicy;
  /** A fault of a store (subscription dropped, writes failing): retried this way, for ever. */
  reconnect?: ReconnectPolicy;
  /** Jitter source of the reconnect back-off. */
  random?: () => number;
}

const YIELD_EVERY = 50;
/** The most events a handler that takes batches gets at once. */
const BATCH_SIZE = 2_000;
const FLUSH_ON_STOP_MS = 5_000;

/**
 * Feeds one handler from the log, resuming at its durable checkpoint. A store that drops the subscription, ends it,
 * or fails reads and writes is retried with capped, jittered back-off for as long as it takes, resuming after the
 * last event handled (state `reconnecting` meanwhile). A failure of the handler itself is retried a few times, then
 * the runner stops and reports it. It never skips an event.
 */
export class SubscriptionRunner implements SharedWork {
  private state: RunnerState = 'idle';
  private error: string | null = null;
  private subscription: EventSubscription | undefined;
  private tracker = new CheckpointTracker(undefined);
  private readonly committer: CheckpointCommitter;
  private loaded = false;
  private lastCommitAt = Date.now();
  private handledSinceCommit = 0;
  private dispatch = new StreamOrderedDispatch(1);
  private loop: Promise<void> | undefined;
  private commitTimer: NodeJS.Timeout | undefined;
  private readonly faults = new StoreFaults();
  private lastMessageAt: number | null = null;
  private caughtUpSeen = false;
  private readonly sleeper = new InterruptibleSleep();
  private readonly options: Required<RunnerOptions>;
  private readonly retries: HandlerRetries;

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
      retry: options.retry ?? DEFAULT_HANDLER_RETRY,
      reconnect: options.reconnect ?? DEFAULT_RECONNECT,
      random: options.random ?? Math.random,
    };
    this.committer = new CheckpointCommitter(handler.name, checkpoints, this.options.reconnect, {
      safePosition: () => this.tracker.position,
      onFault: (error) => {
        this.setFault('checkpoint', error);
        this.logger.warn({ err: error, handler: handler.name }, 'checkpoint write failed; retrying');
      },
      onRecovered: () => this.clearFault('checkpoint'),
      random: this.options.random,
      sleep: (ms) => this.sleeper.sleep(ms),
    });
    this.retries = new HandlerRetries(handler, logger, this.options, {
      isActive: () => this.isActive(),
      setFault: (where, error) => this.setFault(where, error),
      clearFault: (where) => this.clearFault(where),
      sleep: (ms) => this.sleeper.sleep(ms),
    });
  }

  get name(): string {
    return this.handler.name;
  }

  /** Starts (or restarts after `stop`) from the durable checkpoint; a store that is down does not make it throw. */
  async start(): Promise<void> {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.state = 'running';
    this.error = null;
    this.faults.reset();
    this.caughtUpSeen = false;
    this.loaded = false;
    this.dispatch = new StreamOrderedDispatch(this.options.concurrency);
    await this.loadCheckpoint().catch((error) => this.setFault('checkpoint', error));
    this.loop = this.run();
    // Commits the tail of a burst once the interval has passed, even when no further event arrives.
    this.commitTimer = setInterval(() => {
      if (this.commitDue()) void this.commit();
    }, this.options.checkpointIntervalMs);
    this.commitTimer.unref();
  }

  private async loadCheckpoint(): Promise<void> {
    const from = await this.checkpoints.load(this.handler.name);
    this.tracker = new CheckpointTracker(from);
    this.committer.reset(from);
    this.loaded = true;
    this.clearFault('checkpoint');
  }

  private isActive(): boolean {
    return this.state === 'running' || this.state === 'reconnecting';
  }

  private async run(): Promise<void> {
    for (let failures = 0; this.isActive(); ) {
      try {
        if (!this.loaded) await this.loadCheckpoint();
        this.caughtUpSeen = false;
        const subscription = this.store.subscribeToAll({ after: this.tracker.position, filter: this.handler.filter });
        this.subscription = subscription;
        await this.consume(subscription, () => {
          failures = 0;
          this.clearFault('subscription');
        });
        if (!this.isActive()) return;
        throw new Error('the subscription ended without an error');
      } catch (error) {
        if (!this.isActive()) return;
        if (error instanceof UnreadableEventError) return this.fail(error);
        failures += 1;
        this.setFault(this.loaded ? 'subscription' : 'checkpoint', error);
        const delayMs = reconnectDelay(this.options.reconnect, failures, this.options.random);
        this.logger.warn({ err: error, handler: this.handler.name, attempt: failures, delayMs }, 'subscription lost; resubscribing');
        await this.subscription?.close().catch(() => undefined);
        // Resume after what was handled: let the events in flight finish first.
        await this.dispatch.settled();
        if (this.isActive()) await this.sleeper.sleep(delayMs);
      }
    }
  }

  private async consume(subscription: EventSubscription, onMessage: () => void): Promise<void> {
    let sinceYield = 0;
    const messages = this.handler.handleBatch ? batchedMessages(subscription, BATCH_SIZE) : subscription;
    for await (const message of messages) {
      if (!this.isActive()) break;
      onMessage();
      this.lastMessageAt = Date.now();
      if (message.kind === 'batch') {
        for (const event of message.events) this.tracker.started(event.position);
        await this.processBatch(message.events);
        // Lets timers (commits of the read models, checkpoints) and messages in between batches.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (message.kind === 'checkpoint') {
        this.tracker.reached(message.position);
        continue;
      }
      if (message.kind === 'caught-up') {
        this.caughtUpSeen = true;
        continue;
      }
      // A long catch-up runs on microtasks only; let HTTP requests and timers in now and then.
      if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await this.dispatch.acquire();
      if (!this.isActive()) break;
      const event = message.event;
      this.tracker.started(event.position);
      this.dispatch.run(event.streamId, () => this.process(event));
    }
  }

  /** Handles events the log had ready at once; if the batch fails, one at a time, so the failure is that of its event. */
  private async processBatch(events: readonly RecordedEvent[]): Promise<void> {
    try {
      await this.retries.handleBatch(events);
    } catch {
      for (const event of events) {
        if (!this.isActive()) return;
        await this.process(event);
      }
      return;
    }
    for (const event of events) this.tracker.finished(event.position);
    this.handledSinceCommit += events.length;
    if (this.commitDue()) void this.commit();
  }

  /** Handles one event (retrying as HandlerRetries does); a failure that outlasts the retries stops the runner. */
  private async process(event: RecordedEvent): Promise<void> {
    if (!this.isActive()) return;
    try {
      await this.retries.handle(event);
      this.tracker.finished(event.position);
      this.handledSinceCommit += 1;
      if (this.commitDue()) void this.commit();
    } catch (error) {
      await this.fail(error, event);
    }
  }

  private commitDue(): boolean {
    return this.handledSinceCommit >= this.options.checkpointEvery || Date.now() - this.lastCommitAt >= this.options.checkpointIntervalMs;
  }

  private commit(): Promise<void> {
    this.handledSinceCommit = 0;
    this.lastCommitAt = Date.now();
    return this.committer.commit();
  }

  private setFault(where: string, error: unknown): void {
    this.error = this.faults.set(where, error);
    if (this.state === 'running') this.state = 'reconnecting';
  }

  private clearFault(where: string): void {
    if (!this.faults.clear(where)) return;
    if (this.state === 'reconnecting') {
      this.state = 'running';
      this.error = null;
    }
  }

  private async fail(error: unknown, event?: RecordedEvent): Promise<void> {
    if (this.state === 'failed' || this.state === 'stopped') return;
    this.state = 'failed';
    clearInterval(this.commitTimer);
    const where = event ? ` at position ${event.position} (${event.type} on ${event.streamId})` : '';
    this.error = `${error instanceof Error ? error.message : String(error)}${where}`;
    this.faults.reset();
    this.logger.error({ err: error, handler: this.handler.name }, `subscription stopped${where}`);
    await this.subscription?.close().catch(() => undefined);
    await this.committer.flush(FLUSH_ON_STOP_MS).catch(() => undefined);
  }

  /** Stops taking events, lets the ones in flight finish, and commits the checkpoint. */
  async stop(): Promise<void> {
    if (this.isActive()) this.state = 'stopped';
    clearInterval(this.commitTimer);
    this.sleeper.wakeAll();
    await this.subscription?.close().catch(() => undefined);
    this.dispatch.releaseWaiters();
    await this.dispatch.settled();
    await this.loop;
    await this.committer.flush(FLUSH_ON_STOP_MS);
  }

  /** Resolves once every event up to `position` that this handler takes has been handled. */
  async waitFor(position: bigint, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const head = await this.store.headPosition();
    const target = head < position ? head : position;
    while ((this.tracker.position ?? 0n) < target) {
      if (this.state === 'failed') throw new Error(`${this.handler.name} failed: ${this.error}`);
      if (this.state === 'stopped' || this.state === 'idle') throw new Error(`${this.handler.name} is ${this.state}`);
      if (Date.now() > deadline) throw new Error(`${this.handler.name} did not reach position ${target} in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Live, and nothing delivered is still being handled. */
  get caughtUp(): boolean {
    return this.caughtUpSeen && this.tracker.pending === 0 && this.state === 'running';
  }

  status(): RunnerStatus {
    const position = this.tracker.position;
    const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
    return {
      name: this.handler.name,
      kind: this.handler.kind,
      state: this.state,
      position: position === undefined ? null : position.toString(),
      error: this.error,
      faultSince: iso(this.faults.since),
      lastMessageAt: iso(this.lastMessageAt),
      caughtUp: this.caughtUp,
    };
  }
}
