import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { Scope } from '../documents/get-document.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { loadInvoice } from './load-invoice.ts';

export class GetInvoice {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(id: string, scope: Scope): Promise<DocumentState> {
    return (await loadInvoice(this.aggregates, id, scope)).state;
  }
}
