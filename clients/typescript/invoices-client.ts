import { Transport, type TransportOptions } from './transport.ts';
import type { Identity, Invoice, InvoicePage, IssueAnswer, ListQuery } from './types.ts';

export { ApiError } from './api-error.ts';
export { verifyWebhook, WebhookVerificationError } from './webhooks.ts';
export type { VerifyWebhookOptions, WebhookHeaders, WebhookPayload, WebhookVerificationReason } from './webhooks.ts';
export type * from './types.ts';

export interface SyncResult {
  /** Pass it as `updated_since` on the next run: the server's time when this run started. */
  startedAt: string;
  seen: number;
}

const newKey = () => globalThis.crypto.randomUUID();

/**
 * A small, dependency-free client for the invoice management API (seed 001). It follows next_cursor, retries 429
 * after Retry-After (doubling on repeats) and 5xx with exponential back-off, and sends one Idempotency-Key for every
 * attempt of a POST.
 */
export class InvoicesClient {
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  me(): Promise<Identity> {
    return this.json('GET', '/v1/me');
  }

  getInvoice(id: string): Promise<Invoice> {
    return this.json('GET', `/v1/invoices/${encodeURIComponent(id)}`);
  }

  listInvoices(query: ListQuery = {}): Promise<InvoicePage> {
    return this.json('GET', this.listPath(query));
  }

  /** Every invoice matching the query, page after page, until next_cursor is null. */
  async *invoices(query: Omit<ListQuery, 'cursor'> = {}): AsyncGenerator<Invoice> {
    let cursor: string | undefined;
    do {
      const page = await this.listInvoices({ ...query, cursor });
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  /**
   * One synchronization run: hands every invoice changed since `updatedSince` (all of them when omitted) to
   * `onInvoice`, and answers the time to pass next time. That time is the server's clock at the start of the run.
   */
  async sync(updatedSince: string | undefined, onInvoice: (invoice: Invoice) => unknown): Promise<SyncResult> {
    let startedAt: string | undefined;
    let cursor: string | undefined;
    let seen = 0;
    do {
      const response = await this.transport.send({ method: 'GET', path: this.listPath({ updated_since: updatedSince, cursor }) });
      startedAt ??= new Date(response.headers.get('Date') ?? Date.now()).toISOString();
      const page = (await response.json()) as InvoicePage;
      for (const invoice of page.data) await onInvoice(invoice);
      seen += page.data.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { startedAt, seen };
  }

  issueInvoice(id: string, options: { idempotencyKey?: string } = {}): Promise<IssueAnswer> {
    return this.json('POST', `/v1/invoices/${encodeURIComponent(id)}/issue`, { idempotencyKey: options.idempotencyKey ?? newKey() });
  }

  createDraft(body: Record<string, unknown>, options: { idempotencyKey?: string } = {}): Promise<Invoice> {
    return this.json('POST', '/v1/invoices', { body, idempotencyKey: options.idempotencyKey ?? newKey() });
  }

  editDraft(id: string, patch: Record<string, unknown>): Promise<Invoice> {
    return this.json('PATCH', `/v1/invoices/${encodeURIComponent(id)}`, { body: patch, contentType: 'application/merge-patch+json' });
  }

  finalizeInvoice(id: string, options: { idempotencyKey?: string } = {}): Promise<Invoice> {
    return this.json('POST', `/v1/invoices/${encodeURIComponent(id)}/finalize`, { idempotencyKey: options.idempotencyKey ?? newKey() });
  }

  discardDraft(id: string): Promise<Invoice> {
    return this.json('DELETE', `/v1/invoices/${encodeURIComponent(id)}`);
  }

  /** The PDF or XML of a validated invoice, as bytes. */
  async download(id: string, format: 'pdf' | 'xml'): Promise<{ contentType: string; bytes: Uint8Array }> {
    const response = await this.transport.send({ method: 'GET', path: `/v1/invoices/${encodeURIComponent(id)}/${format}` });
    return { contentType: response.headers.get('Content-Type') ?? '', bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  private listPath(query: ListQuery): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return `/v1/invoices${search ? `?${search}` : ''}`;
  }

  private async json<T>(method: string, path: string, extra: { body?: unknown; contentType?: string; idempotencyKey?: string } = {}): Promise<T> {
    const response = await this.transport.send({ method, path, ...extra });
    return (await response.json()) as T;
  }
}
