import { MessageChannel, Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { SubscriptionHealth } from '../../application/health/subscription-health.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.ts';
import { serveRenders } from '../rendering/threads/render-port.ts';
import type { RenderRunner } from '../rendering/threads/render-runner.ts';
import type { FromWorkers, ToWorkers } from './worker-protocol.ts';
import { PendingAnswers } from './pending-answers.ts';
import { filesCheckpointedByThread } from '../sqlite/checkpoint-thread-files.ts';
import { projectionThreadLimits } from './projection-heap.ts';
import { wakeSignal } from './wake-signal.ts';
import { nextRestart } from './restart-policy.ts';
import type { Backoff } from '../../application/retrying/backoff.ts';

const HEALTH_TIMEOUT_MS = 2_000;
const STOP_TIMEOUT_MS = 10_000;
const WORKERS_ENTRY = new URL('./workers-thread.ts', import.meta.url);

export interface WorkerThreadHostOptions {
  /** The module the thread runs (default: the service's workers); tests give a stand-in. */
  entry?: URL;
  /** How long a thread that exited unasked waits to be started again (default 1 s, doubling to 30 s). */
  restart?: Backoff;
}

/**
 * Runs the subscriptions in a worker thread so they get their own core: the API thread only takes requests.
 * Appends made here wake the workers' subscriptions at once (at most two messages per event-loop turn).
 *
 * A thread that ends unasked once it has started (an error nothing caught, such as a read-model commit refused for a
 * full disk; its heap limit) is started again after a capped back-off, as a process would be: the new thread resumes
 * every subscription from its durable checkpoint, and what the old one held in memory goes with it. Meanwhile
 * `/health/ready` reports it failed. A first start that fails fails the service's start.
 */
export class WorkerThreadHost {
  private worker: Worker | undefined;
  private exitError: string | null = null;
  private readonly pending = new PendingAnswers('the workers thread', HEALTH_TIMEOUT_MS);
  private stopAppendForwarding: (() => void) | undefined;
  private startedOnce = false;
  private stopping = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logger: Logger,
    private readonly options: WorkerThreadHostOptions = {},
  ) {}

  /** Starts the thread; its files (DIAN direct's packages) go to `renders`, this thread's render threads. */
  start(events: EventStore, renders?: RenderRunner): Promise<void> {
    if (events instanceof SqliteEventStore) this.stopAppendForwarding = events.onAppended(() => this.wake());
    return this.spawn(renders, 0);
  }

  /** One thread's life: resolves once it has started, rejects when it fails or ends before. */
  private spawn(renders: RenderRunner | undefined, quickExits: number): Promise<void> {
    const channel = renders ? new MessageChannel() : undefined;
    if (renders && channel) serveRenders(channel.port1, renders);
    const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
      workerData: {
        entry: (this.options.entry ?? WORKERS_ENTRY).href,
        env: { ...this.env },
        checkpointedByThread: filesCheckpointedByThread(),
        renderPort: channel?.port2,
      },
      transferList: channel ? [channel.port2] : [],
      resourceLimits: projectionThreadLimits,
    });
    this.worker = worker;
    const startedAt = Date.now();
    let ended: string | undefined;
    return new Promise((resolve, reject) => {
      worker.on('message', (message: FromWorkers) => {
        if (message.type === 'started') {
          this.startedOnce = true;
          this.exitError = null;
          resolve();
        }
        if (message.type === 'failed') {
          ended = `workers thread failed to start: ${message.message}`;
          reject(new Error(ended));
          void worker.terminate();
        }
        if (message.type === 'health') this.pending.answer(message.id, message.subscriptions);
        if (message.type === 'metrics') this.pending.answer(message.id, message.metrics);
      });
      worker.on('error', (error) => {
        ended ??= error.message;
        this.exitError = error.message;
        this.logger.error({ err: error }, 'workers thread crashed');
        reject(error);
      });
      worker.on('exit', (code) => {
        channel?.port1.close();
        if (this.stopping) return;
        if (this.worker === worker) this.worker = undefined;
        ended ??= `workers thread exited with code ${code}`;
        reject(new Error(ended));
        this.exitError = ended;
        this.pending.failAll(new Error(ended));
        if (this.startedOnce) this.restart(renders, startedAt, quickExits);
      });
    });
  }

  private restart(renders: RenderRunner | undefined, startedAt: number, quickExits: number): void {
    const next = nextRestart(startedAt, quickExits, Date.now(), this.options.restart);
    this.exitError = `${this.exitError}; starting it again`;
    this.logger.error({ restartInMs: next.delayMs }, 'the workers thread ended; starting it again');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.spawn(renders, next.quickExits).then(
        () => this.logger.info('workers thread started again'),
        // Its end is logged, and answered with another start, by its exit.
        () => undefined,
      );
    }, next.delayMs);
    this.restartTimer.unref();
  }

  /**
   * Tells the workers at the commit itself, not on the next turn: the turn that committed an API request's append goes
   * on to answer the request, and waiting for it put about 0.9 ms between a document's creation and its submission.
   */
  private readonly wake = wakeSignal(() => this.post({ type: 'appended' }));

  /** Another process (an HTTP process of this service) appended: the workers look at the log now, not at their next poll. */
  appendedElsewhere(): void {
    this.wake();
  }

  private post(message: ToWorkers): void {
    this.worker?.postMessage(message);
  }

  async health(): Promise<SubscriptionHealth[]> {
    const down = (): SubscriptionHealth[] => {
      const error = this.exitError ?? 'workers thread not started';
      return [{ name: 'workers-thread', kind: 'thread', state: 'failed', position: null, head: '0', lag: '0', error }];
    };
    if (this.exitError || !this.worker) return down();
    try {
      return await this.ask<SubscriptionHealth[]>('health');
    } catch (error) {
      // Asked of a thread that ended meanwhile: it is down, not slow.
      if (this.exitError) return down();
      throw error;
    }
  }

  /** The workers thread's metrics as prom-client JSON, for merging into /metrics. */
  async metrics(): Promise<unknown[]> {
    return this.worker && !this.exitError ? this.ask<unknown[]>('metrics') : [];
  }

  private ask<T>(type: 'health' | 'metrics'): Promise<T> {
    return this.pending.ask<T>((id) => this.post({ type, id }));
  }

  /** Lets in-flight events finish and checkpoints commit, then ends the thread. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.stopAppendForwarding?.();
    const worker = this.worker;
    if (!worker) return;
    const stopped = new Promise<void>((resolve) => {
      worker.on('message', (message: FromWorkers) => message.type === 'stopped' && resolve());
      worker.once('exit', () => resolve());
    });
    this.post({ type: 'stop' });
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
    await worker.terminate();
    this.worker = undefined;
  }
}
