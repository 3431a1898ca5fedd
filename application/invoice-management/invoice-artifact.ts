import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { DocumentNotNumberedError } from '../documents/artifact-errors.ts';
import type { Scope } from '../documents/get-document.ts';
import type { RenderArtifact } from '../documents/render-artifact.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Artifact } from '../ports/artifact.ts';
import { invoiceStatusOf } from './invoice-status.ts';
import { DocumentNotAvailableError } from './invoice-management-errors.ts';
import { loadInvoice } from './load-invoice.ts';

/** The PDF or XML of a validated invoice, rendered by the provider; an invoice without a number has none. */
export class InvoiceArtifact {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly render: RenderArtifact,
  ) {}

  async execute(id: string, format: 'pdf' | 'xml', scope: Scope): Promise<Artifact> {
    const { state } = await loadInvoice(this.aggregates, id, scope);
    if (state.number === null) throw new DocumentNotAvailableError(id, invoiceStatusOf(state.status));
    try {
      return await this.render.execute(salesInvoiceFamily, id, format, scope);
    } catch (error) {
      if (error instanceof DocumentNotNumberedError) throw new DocumentNotAvailableError(id, invoiceStatusOf(state.status));
      throw error;
    }
  }
}
