import { randomBytes } from 'node:crypto';
import type { CollectionDefinition, ReadModelStore } from '../../application/ports/read-model-store.ts';

export interface ReadModelStoreFixture {
  /** The store open now (a new one after `reopen`). */
  readonly store: ReadModelStore;
  /** Closes the store and opens a new one on the same data, as a restarted process would. */
  reopen(): Promise<ReadModelStore>;
  cleanup(): Promise<void>;
}

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  issuedAt: string;
  total: number;
  paid: boolean;
  customer: { name: string; email: string | null };
  tags: string[];
}

export const definition: CollectionDefinition = {
  name: 'contract_invoices',
  indexes: [['status', 'issuedAt'], ['issuedAt'], ['number']],
};

export const tenant = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

export function row(id: string, overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id,
    number: `SETP-${id}`,
    status: 'pending',
    issuedAt: '2024-05-01T10:00:00.000Z',
    total: 1000,
    paid: false,
    customer: { name: 'Ñandú S.A.S.', email: null },
    tags: ['a', 'b'],
    ...overrides,
  };
}
