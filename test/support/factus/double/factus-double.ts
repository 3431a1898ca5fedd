import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DoubleHandlers, type Answer } from './double-handlers.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  authorization: string | undefined;
  /** When it arrived (ms since the epoch, the double's real clock). */
  at: number;
}

/** A scripted answer instead of the normal one, or the normal one (the work is done) sent only after a delay. */
export type Fault = { status: number; body?: unknown; headers?: Record<string, string> } | { delayMs: number };

export const DOUBLE_CREDENTIALS = { clientId: 'client-id', clientSecret: 'client-secret', username: 'sandbox@factus.com.co', password: 'sandbox-password' };

const DOCUMENT_RESOURCES = 'bills|credit-notes|debit-notes|support-documents|adjustment-notes|payrolls|adjustment-payrolls';
const ROUTES: Array<[RegExp, (double: FactusDouble, match: RegExpExecArray, request: RecordedRequest) => Answer]> = [
  [new RegExp(`^POST /v2/(${DOCUMENT_RESOURCES})(?:/validate)?$`), (d, m, r) => d.handlers.create(m[1], r.body)],
  [new RegExp(`^GET /v2/(${DOCUMENT_RESOURCES})$`), (d, m, r) => d.handlers.list(m[1], r.query['filter[reference_code]'] ?? null)],
  [/^GET \/v2\/(payrolls|adjustment-payrolls)\/reference\/([^/]+)$/, (d, m) => d.handlers.byReference(m[1], decodeURIComponent(m[2]))],
  [/^DELETE \/v2\/bills\/destroy\/reference\/([^/]+)$/, (d, m) => d.handlers.remove('bills', decodeURIComponent(m[1]))],
  [new RegExp(`^DELETE /v2/(${DOCUMENT_RESOURCES})/reference/([^/]+)$`), (d, m) => d.handlers.remove(m[1], decodeURIComponent(m[2]))],
  [/^GET \/v2\/bills\/([^/]+)\/radian\/events$/, (d) => d.handlers.events()],
  [new RegExp(`^GET /v2/(${DOCUMENT_RESOURCES})/([^/]+)/(download-pdf|download-xml|download-attached-document-xml|email-content)$`), (d, m) => d.handlers.download(m[1], decodeURIComponent(m[2]), m[3])],
  [new RegExp(`^GET /v2/(${DOCUMENT_RESOURCES})/([^/]+)$`), (d, m) => d.handlers.show(m[1], decodeURIComponent(m[2]))],
];

/**
 * Factus API v2 in the test process (node:http on 127.0.0.1), answering with the documented shapes (reference §1):
 * OAuth2 password and refresh grants with expiring tokens, the document endpoints of every family, downloads and
 * RADIAN events. Faults are scripted per route; every request that reached it is recorded.
 */
export class FactusDouble {
  readonly requests: RecordedRequest[] = [];
  readonly handlers: DoubleHandlers;
  tokenLifetimeSeconds = 600;
  /** An outage: every request is answered 503 (and still recorded). */
  down = false;
  url = '';
  private readonly faults: Array<{ route: string; fault: Fault }> = [];
  private readonly tokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  private issued = 0;
  private server: Server | undefined;

  constructor(private readonly now: () => Date = () => new Date()) {
    this.handlers = new DoubleHandlers(now);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The settings that point a service at this double (PROVIDER=factus and the FACTUS_* it needs). */
  environment(): Record<string, string> {
    const { clientId, clientSecret, username, password } = DOUBLE_CREDENTIALS;
    return { PROVIDER: 'factus', FACTUS_URL: this.url, FACTUS_CLIENT_ID: clientId, FACTUS_CLIENT_SECRET: clientSecret, FACTUS_USERNAME: username, FACTUS_PASSWORD: password };
  }

  /** The next requests to `route` (`POST /v2/bills/validate`; a trailing `*` matches a prefix) meet these faults, in order. */
  script(route: string, ...faults: Fault[]): void {
    this.faults.push(...faults.map((fault) => ({ route, fault })));
  }

  /** Every access token stops working (as after a restart at Factus). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** Requests that reached the double, as `METHOD /path`, optionally only those starting with `prefix`. */
  routes(prefix = ''): string[] {
    return this.requests.map((request) => `${request.method} ${request.path}`).filter((route) => route.startsWith(prefix));
  }

  /** The most requests that arrived within any window of `windowMs` (a sliding window over the arrival times). */
  busiestWindow(windowMs: number): number {
    const times = this.requests.map((request) => request.at).sort((a, b) => a - b);
    let most = 0;
    for (let first = 0, last = 0; last < times.length; last += 1) {
      while (times[last] - times[first] >= windowMs) first += 1;
      most = Math.max(most, last - first + 1);
    }
    return most;
  }

  /** The reference codes of the create requests that reached the double, in order. */
  submissions(): string[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v2/')).map((request) => String(request.body?.reference_code));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: parseBody(await readAll(req), String(req.headers['content-type'] ?? '')),
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    this.requests.push(request);
    if (this.down) return send(res, { status: 503, body: { message: 'Service Unavailable' } });
    const route = `${request.method} ${request.path}`;
    const scripted = this.faults.findIndex(({ route: pattern }) => (pattern.endsWith('*') ? route.startsWith(pattern.slice(0, -1)) : pattern === route));
    const fault = scripted >= 0 ? this.faults.splice(scripted, 1)[0].fault : undefined;
    if (fault && 'status' in fault) return send(res, { status: fault.status, body: fault.body ?? { message: `scripted ${fault.status}` }, headers: fault.headers });
    const answer = this.answer(route, request);
    if (fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    send(res, answer);
  }

  private answer(route: string, request: RecordedRequest): Answer {
    if (route === 'POST /oauth/token') return this.token(request.body);
    const token = request.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = this.tokens.get(token);
    if (expiresAt === undefined || this.now().getTime() >= expiresAt) return { status: 401, body: { message: 'Unauthenticated.' } };
    for (const [pattern, handle] of ROUTES) {
      const match = pattern.exec(route);
      if (match) return handle(this, match, request);
    }
    return { status: 404, body: { message: `no route ${route}` } };
  }

  private token(form: Record<string, string>): Answer {
    const client = form.client_id === DOUBLE_CREDENTIALS.clientId && form.client_secret === DOUBLE_CREDENTIALS.clientSecret;
    const password = form.grant_type === 'password' && form.username === DOUBLE_CREDENTIALS.username && form.password === DOUBLE_CREDENTIALS.password;
    const refresh = form.grant_type === 'refresh_token' && this.refreshTokens.delete(form.refresh_token);
    if (!client || !(password || refresh)) return { status: 401, body: { error: 'invalid_grant', message: 'The user credentials were incorrect.' } };
    this.issued += 1;
    const access = `access-${this.issued}`;
    this.tokens.set(access, this.now().getTime() + this.tokenLifetimeSeconds * 1000);
    this.refreshTokens.add(`refresh-${this.issued}`);
    return { status: 200, body: { token_type: 'Bearer', expires_in: this.tokenLifetimeSeconds, access_token: access, refresh_token: `refresh-${this.issued}` } };
  }
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, contentType: string): any {
  if (!raw) return undefined;
  if (contentType.includes('application/json')) return JSON.parse(raw);
  if (contentType.includes('urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

function send(res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
  res.end(JSON.stringify(answer.body));
}
