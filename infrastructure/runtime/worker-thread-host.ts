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

const HEALTH_TIMEOUT_MS = 2_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Runs the subscriptions in a worker thread so they get their own core: the API thread only takes requests.
 * Appends made here wake the workers' subscriptions at once (at most two messages per event-loop turn).
 */
export class WorkerThreadHost {
  private worker: Worker | undefined;
  private exitError: string | null = null;
  private readonly pending = new PendingAnswers('the workers thread', HEALTH_TIMEOUT_MS);
  private stopAppendForwarding: (() => void) | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logger: Logger,
  ) {}

  /** Starts the thread; its files (DIAN direct's packages) go to `renders`, this thread's render threads. */
  start(events: EventStore, renders?: RenderRunner): Promise<void> {
    const channel = renders ? new MessageChannel() : undefined;
    if (renders && channel) serveRenders(channel.port1, renders);
    const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
      workerData: {
        entry: new URL('./workers-thread.ts', import.meta.url).href,
        env: { ...this.env },
        checkpointedByThread: filesCheckpointedByThread(),
        renderPort: channel?.port2,
      },
      transferList: channel ? [channel.port2] : [],
      resourceLimits: projectionThreadLimits,
    });
    this.worker = worker;
    if (events instanceof SqliteEventStore) this.stopAppendForwarding = events.onAppended(() => this.wake());
    return new Promise((resolve, reject) => {
      worker.on('message', (message: FromWorkers) => {
        if (message.type === 'started') resolve();
        if (message.type === 'failed') reject(new Error(`workers thread failed to start: ${message.message}`));
        if (message.type === 'health') this.pending.answer(message.id, message.subscriptions);
        if (message.type === 'metrics') this.pending.answer(message.id, message.metrics);
      });
      worker.on('error', (error) => {
        this.exitError = error.message;
        this.logger.error({ err: error }, 'workers thread crashed');
        reject(error);
      });
      worker.on('exit', (code) => {
        if (code !== 0 && !this.exitError) this.exitError = `workers thread exited with code ${code}`;
      });
    });
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
    if (this.exitError || !this.worker) {
      const error = this.exitError ?? 'workers thread not started';
      return [{ name: 'workers-thread', kind: 'thread', state: 'failed', position: null, head: '0', lag: '0', error }];
    }
    return this.ask<SubscriptionHealth[]>('health');
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
    const worker = this.worker;
    if (!worker) return;
    this.stopAppendForwarding?.();
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
