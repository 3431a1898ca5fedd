import type { Socket } from 'node:net';
import type { SubscriptionHealth } from '../../../application/health/subscription-health.ts';
import { PendingAnswers } from '../pending-answers.ts';
import { wakeSignal } from '../wake-signal.ts';
import { ANSWER_TIMEOUT_MS, isToHttpProcess, type ToHttpProcess, type ToSupervisor } from './http-process-protocol.ts';

/**
 * An HTTP process's side of the channel to its supervisor: it takes the connections the supervisor hands over and
 * tells when each closes, tells of its appends (at most two messages per event-loop turn) so the workers there need
 * not wait for their poll, asks for the workers' health and the other processes' metrics, and answers with its own
 * metrics when the supervisor gathers them for another process.
 */
export class SupervisorLink {
  private readonly questions = new PendingAnswers('the supervisor process', ANSWER_TIMEOUT_MS);
  private ownMetrics: () => Promise<unknown[]> = async () => [];
  private take: (socket: Socket) => void = (socket) => socket.destroy();

  constructor() {
    process.on('message', (message: unknown, handle: unknown) => {
      if (!isToHttpProcess(message)) return;
      if (message.type === 'http-process:connection') this.takeConnection(handle as Socket | undefined);
      else void this.onMessage(message);
    });
  }

  /** Connections handed over are given to `take` from now on, and the supervisor is told this process is ready. */
  takeConnectionsWith(take: (socket: Socket) => void): void {
    this.take = take;
    this.send({ type: 'http-process:ready' });
  }

  private takeConnection(socket: Socket | undefined): void {
    // Closed by its client while it was on its way here.
    if (!socket) return this.send({ type: 'http-process:closed' });
    socket.once('close', () => this.send({ type: 'http-process:closed' }));
    this.take(socket);
  }

  /** What this process answers when the supervisor gathers every process's metrics. */
  answerMetricsWith(source: () => Promise<unknown[]>): void {
    this.ownMetrics = source;
  }

  readonly appended = wakeSignal(() => this.send({ type: 'http-process:appended' }));

  health(): Promise<SubscriptionHealth[]> {
    return this.questions.ask((id) => this.send({ type: 'http-process:health?', id }));
  }

  /** The supervisor's and the other HTTP processes' metrics (prom-client JSON), for merging with this one's. */
  metrics(): Promise<unknown[]> {
    return this.questions.ask((id) => this.send({ type: 'http-process:metrics?', id }));
  }

  private async onMessage(message: ToHttpProcess): Promise<void> {
    if (message.type === 'http-process:health') this.questions.answer(message.id, message.subscriptions);
    if (message.type === 'http-process:metrics') this.questions.answer(message.id, message.metrics);
    if (message.type === 'http-process:own-metrics?') {
      const metrics = await this.ownMetrics().catch(() => []);
      this.send({ type: 'http-process:own-metrics', id: message.id, metrics });
    }
  }

  private send(message: ToSupervisor): void {
    if (process.connected) process.send?.(message);
  }
}
