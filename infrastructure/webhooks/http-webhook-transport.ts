import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/ports/webhook-transport.ts';
import { ForbiddenAddressError, guardedLookup, literalHostRefusal } from './address-guard.ts';

export interface HttpWebhookTransportOptions {
  /** Development and tests (WEBHOOKS_ALLOW_PRIVATE=true): loopback, private and link-local addresses are allowed. */
  allowPrivate: boolean;
  /** Reading a response stops after this many bytes. */
  maxResponseBytes?: number;
  /** What is kept of a response body. */
  excerptBytes?: number;
}

/**
 * POSTs deliveries with node:http/https. One timeout covers the whole exchange (connect, TLS, answer); redirects are
 * answers, never followed; a response is read up to 64 KB and 1 KB of it kept; unless private addresses are allowed,
 * the address is checked when the socket connects (IP-literal hosts, and every address a name resolves to).
 */
export class HttpWebhookTransport implements WebhookTransport {
  private readonly http = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  private readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 8 });
  private readonly maxResponseBytes: number;
  private readonly excerptBytes: number;

  constructor(private readonly options: HttpWebhookTransportOptions) {
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
    this.excerptBytes = options.excerptBytes ?? 1024;
  }

  post(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const unreachable = (error: string): WebhookResponse => ({ kind: 'unreachable', error, durationMs: elapsed() });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(unreachable(`"${request.url}" is not a URL`));
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.resolve(unreachable(`${url.protocol} URLs are not supported`));
    if (!this.options.allowPrivate) {
      const refusal = literalHostRefusal(url.hostname);
      if (refusal) return Promise.resolve(unreachable(new ForbiddenAddressError(url.hostname, refusal).message));
    }
    const secure = url.protocol === 'https:';
    return new Promise((resolve) => {
      let settled = false;
      const finish = (response: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(response);
      };
      // Set once the status line arrived: a timeout while the body trickles in still counts as that answer.
      let answer: { status: number; excerpt: () => string } | undefined;
      const send = secure ? httpsRequest : httpRequest;
      const outgoing = send(url, {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: secure ? this.https : this.http,
        ...(!this.options.allowPrivate && { lookup: guardedLookup }),
      });
      const answered = (status: number, excerpt: string): WebhookResponse => ({ kind: 'answered', status, durationMs: elapsed(), excerpt });
      const timer = setTimeout(() => {
        finish(answer ? answered(answer.status, answer.excerpt()) : unreachable(`timed out after ${request.timeoutMs} ms`));
        outgoing.destroy();
      }, request.timeoutMs);
      outgoing.on('error', (error) => finish(answer ? answered(answer.status, answer.excerpt()) : unreachable(error.message)));
      outgoing.on('response', (response) => {
        const status = response.statusCode ?? 0;
        answer = { status, excerpt: this.read(response, (excerpt) => finish(answered(status, excerpt))) };
      });
      outgoing.end(request.body);
    });
  }

  /** Reads the body up to the cap (then drops the connection) and hands over its first bytes as text; answers what it kept so far. */
  private read(response: IncomingMessage, done: (excerpt: string) => void): () => string {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let readBytes = 0;
    const excerpt = () => Buffer.concat(kept).toString('utf8');
    const end = () => done(excerpt());
    response.on('data', (chunk: Buffer) => {
      readBytes += chunk.length;
      if (keptBytes < this.excerptBytes) {
        const part = chunk.subarray(0, this.excerptBytes - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      if (readBytes >= this.maxResponseBytes) {
        end();
        response.destroy();
      }
    });
    response.on('end', end);
    response.on('error', end);
    return excerpt;
  }

  async close(): Promise<void> {
    this.http.destroy();
    this.https.destroy();
  }
}
