import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver took, as it arrived. */
export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  signature: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  answered: number;
}

export interface WebhookReceiverOptions {
  /** Answers 500 to the first `failFirst` attempts of each webhook-id. */
  failFirst?: number;
}

/**
 * A webhook endpoint on 127.0.0.1 that records every delivery with its raw body. It can refuse the first attempts of
 * each event, or go down (connections refused) and come back on the same port.
 */
export class WebhookReceiver {
  readonly deliveries: ReceivedDelivery[] = [];
  private server: Server | undefined;
  private port = 0;
  private readonly attempts = new Map<string, number>();

  constructor(private readonly options: WebhookReceiverOptions = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = String(request.headers['webhook-id'] ?? '');
        const attempt = (this.attempts.get(id) ?? 0) + 1;
        this.attempts.set(id, attempt);
        const answered = attempt <= (this.options.failFirst ?? 0) ? 500 : 204;
        this.deliveries.push({
          id,
          timestamp: String(request.headers['webhook-timestamp'] ?? ''),
          signature: String(request.headers['webhook-signature'] ?? ''),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          answered,
        });
        response.writeHead(answered).end(answered === 500 ? 'not now' : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening: connections to its port are refused until `start()` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** The deliveries it answered with a 2xx, parsed. */
  accepted(): Array<{ id: string; type: string; created_at: string; environment: string; data: { family?: string; object: Record<string, unknown> } }> {
    return this.deliveries.filter((delivery) => delivery.answered < 300).map((delivery) => JSON.parse(delivery.body));
  }
}
