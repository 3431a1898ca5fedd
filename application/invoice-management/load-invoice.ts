import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { DocumentNotFoundError } from '../documents/document-errors.ts';
import type { Scope } from '../documents/get-document.ts';
import type { AggregateStore, Loaded } from '../event-sourcing/aggregate-store.ts';

export const invoiceStreamId = (id: string) => documentStreamId(salesInvoiceFamily, id);

/**
 * A sales invoice of the caller's company and environment, drafts included, folded from its stream (so it is found
 * right after it was written). Any other id, including another company's, is simply not found.
 */
export async function loadInvoice(aggregates: AggregateStore, id: string, scope: Scope): Promise<Loaded<DocumentState>> {
  const loaded = await aggregates.load(invoiceStreamId(id), documentDecider);
  const { state } = loaded;
  if (state.status === 'none' || state.tenantId !== scope.tenantId || state.environment !== scope.environment) throw new DocumentNotFoundError(id);
  return loaded;
}
