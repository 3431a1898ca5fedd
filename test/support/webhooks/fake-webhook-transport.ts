import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../../application/ports/webhook-transport.ts';
import type { Clock } from '../../../application/ports/clock.ts';

/** One POST as the receiver saw it, with the (injected) time it arrived. */
export interface SentWebhook extends WebhookRequest {
  at: string;
  payload: Record<string, any>;
}

type Answer = (request: SentWebhook) => WebhookResponse | Promise<WebhookResponse>;

export const answered = (status: number, excerpt = ''): WebhookResponse => ({ kind: 'answered', status, durationMs: 7, excerpt });

/** A receiver the test scripts: every POST is recorded; `answer` decides each reply (200 by default). */
export class FakeWebhookTransport implements WebhookTransport {
  readonly sent: SentWebhook[] = [];
  answer: Answer = () => answered(200, 'ok');
  private readonly inFlight = new Map<string, number>();
  /** The most POSTs to one URL that were in flight at once. */
  readonly mostInFlight = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  async post(request: WebhookRequest): Promise<WebhookResponse> {
    const sent: SentWebhook = { ...request, at: this.clock.now().toISOString(), payload: JSON.parse(request.body) };
    this.sent.push(sent);
    const now = (this.inFlight.get(request.url) ?? 0) + 1;
    this.inFlight.set(request.url, now);
    this.mostInFlight.set(request.url, Math.max(now, this.mostInFlight.get(request.url) ?? 0));
    try {
      return await this.answer(sent);
    } finally {
      this.inFlight.set(request.url, this.inFlight.get(request.url)! - 1);
    }
  }

  /** What reached one URL. */
  to(url: string): SentWebhook[] {
    return this.sent.filter((request) => request.url === url);
  }

  async close(): Promise<void> {}
}
