import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { SubscriptionHealth } from '../../../application/health/subscription-health.ts';
import { PendingAnswers } from '../pending-answers.ts';
import { nextRestart } from '../restart-policy.ts';
import { ConnectionBalancer } from './connection-balancer.ts';
import { httpProcessExecArgv } from './http-process-exec-argv.ts';
import { ANSWER_TIMEOUT_MS, isToSupervisor, type ToHttpProcess, type ToSupervisor } from './http-process-protocol.ts';

/** What the supervisor holds that its HTTP processes ask for. */
export interface SupervisorServices {
  /** Every projection's and process manager's health (they run in the supervisor, or in other instances). */
  health(): Promise<SubscriptionHealth[]>;
  /** The supervisor's own metrics and its workers thread's, as prom-client JSON. */
  metrics(): Promise<unknown[]>;
  /** An HTTP process appended to the log: the workers look at it now. */
  appended(): void;
}

const STOP_TIMEOUT_MS = 15_000;

interface Slot {
  worker: Worker;
  startedAt: number;
  quickExits: number;
}

/**
 * The HTTP processes of one service (forked with Node's cluster). The supervisor listens on the port and hands each
 * connection to one of them (ConnectionBalancer); they validate, decide and append, and answer reads; the workers run
 * here, in the supervisor. A process that exits unasked is started again after a capped back-off; one that exits
 * before it was ready fails the start.
 */
export class HttpProcesses {
  private readonly slots = new Set<Slot>();
  private readonly balancer = new ConnectionBalancer<Worker>();
  private readonly questions = new PendingAnswers('an HTTP process', ANSWER_TIMEOUT_MS);
  private stopping = false;

  constructor(
    private readonly count: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly services: SupervisorServices,
    private readonly logger: Logger,
    /** The machine's cores, as far as the supervisor may use them (os.availableParallelism()): chooses the GC. */
    private readonly cores?: number,
  ) {}

  /** Listens on `port` (0: any free one) and starts them all; resolves with the port once each is ready. */
  async start(port: number): Promise<number> {
    const listening = await this.balancer.listen(port);
    cluster.setupPrimary({ execArgv: httpProcessExecArgv(this.count, process.execArgv, this.cores) });
    await Promise.all(Array.from({ length: this.count }, () => this.fork(0, true)));
    return listening;
  }

  /** A process started again (not `atStart`) that exits before it is ready is started again too, later. */
  private fork(quickExits: number, atStart: boolean): Promise<void> {
    const worker = cluster.fork({ ...this.env, WORKERS: 'none' });
    const slot: Slot = { worker, startedAt: Date.now(), quickExits };
    this.slots.add(slot);
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: unknown) => {
        if (!isToSupervisor(message)) return;
        if (message.type === 'http-process:ready' && !ready) {
          ready = true;
          this.balancer.add(worker);
          resolve();
        }
        void this.onMessage(worker, message);
      });
      worker.once('exit', (code, signal) => {
        this.slots.delete(slot);
        this.balancer.remove(worker);
        if (!ready) reject(new Error(`an HTTP process exited before it was ready (${signal ?? `code ${code}`})`));
        if (!this.stopping && (ready || !atStart)) this.restart(slot, code, signal);
      });
    });
  }

  private restart(slot: Slot, code: number | null, signal: string | null): void {
    const { quickExits, delayMs } = nextRestart(slot.startedAt, slot.quickExits, Date.now());
    this.logger.error({ pid: slot.worker.process.pid, code, signal, restartInMs: delayMs }, 'an HTTP process exited; starting another');
    setTimeout(() => {
      if (this.stopping) return;
      // Its exit is logged, and answered with another start, by the exit handler.
      this.fork(quickExits, false).catch(() => undefined);
    }, delayMs).unref();
  }

  private async onMessage(from: Worker, message: ToSupervisor): Promise<void> {
    const send = (answer: ToHttpProcess) => {
      if (from.isConnected()) from.send(answer);
    };
    if (message.type === 'http-process:appended') this.services.appended();
    if (message.type === 'http-process:closed') this.balancer.closed(from);
    if (message.type === 'http-process:own-metrics') this.questions.answer(message.id, message.metrics);
    if (message.type === 'http-process:health?') {
      const subscriptions = await this.services.health().catch((error: unknown) => [failedHealth(error)]);
      send({ type: 'http-process:health', id: message.id, subscriptions });
    }
    if (message.type === 'http-process:metrics?') send({ type: 'http-process:metrics', id: message.id, metrics: await this.metricsBeside(from) });
  }

  /**
   * One prom-client JSON per thread: the supervisor's, its workers thread's and every HTTP process's but the asker's
   * (which adds its own); a process that does not answer is left out.
   */
  private async metricsBeside(asker: Worker): Promise<unknown[]> {
    const others = [...this.slots].map((slot) => slot.worker).filter((worker) => worker !== asker && worker.isConnected());
    const answers = await Promise.all(
      others.map((worker) =>
        this.questions.ask<unknown[]>((id) => worker.send({ type: 'http-process:own-metrics?', id } satisfies ToHttpProcess)).catch(() => undefined),
      ),
    );
    const own = await this.services.metrics().catch(() => []);
    return [...own, ...answers.flatMap((answer) => answer ?? [])];
  }

  /**
   * Takes no more connections, then SIGTERM to each HTTP process (they finish the requests in flight), SIGKILL to any
   * still running after 15 s.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.balancer.close();
    await Promise.all(
      [...this.slots].map(
        ({ worker }) =>
          new Promise<void>((resolve) => {
            if (worker.process.exitCode !== null || worker.process.signalCode !== null) return resolve();
            const timer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.process.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  }
}

function failedHealth(error: unknown): SubscriptionHealth {
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'workers', kind: 'thread', state: 'failed', position: null, head: '0', lag: '0', error: message };
}
