import type { DocumentRow } from '../documents/document-row.ts';
import type { Scope } from '../documents/get-document.ts';
import type { FieldCondition, ReadModelCollection } from '../ports/read-model-store.ts';
import type { InvoiceStatus } from './invoice-status.ts';
import type { VisibilityWatermarks } from './visibility-watermarks.ts';

/**
 * `updated_since` is moved this much earlier: it covers a row written but not yet committed when its sample was
 * taken, the second-grain of a `Date` header, and small clock differences between hosts.
 */
const VISIBILITY_ALLOWANCE_MS = 2_000;

export interface InvoiceListQuery {
  status?: InvoiceStatus;
  updatedSince?: Date;
  limit: number;
  /** The change sequence of the last invoice of the previous page. */
  after?: string;
}

interface InvoicePage {
  invoices: DocumentRow[];
  /** Where the next page starts, or null when this page is the last one. */
  next: string | null;
}

/**
 * Keyset pages in change order: every change of a document moves it after every change before it, so a document
 * that changes while a client pages shows up again further on and is never skipped. `updated_since` becomes the
 * position every reader could already see at that time: what comes after it is every change made visible since.
 */
export class ListInvoices {
  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    private readonly watermarks: VisibilityWatermarks,
  ) {}

  async execute(query: InvoiceListQuery, scope: Scope): Promise<InvoicePage> {
    const since = query.updatedSince ? await this.watermarks.visibleAt(new Date(query.updatedSince.getTime() - VISIBILITY_ALLOWANCE_MS)) : '';
    const after = query.after ?? '';
    // Fixed-width sequences: the greater string is the later position.
    const where: Record<string, FieldCondition> = { family: 'sales-invoice', changeSequence: { gt: after > since ? after : since } };
    if (query.status) where.integrationStatus = query.status;
    const rows = await this.rows.find({
      tenantId: scope.tenantId,
      environment: scope.environment,
      where,
      orderBy: [['changeSequence', 'asc']],
      limit: query.limit + 1,
    });
    const invoices = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return { invoices, next: more ? invoices[invoices.length - 1].changeSequence : null };
  }
}
