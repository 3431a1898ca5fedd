/** Shapes of the invoice management API (seed 001), as far as a client needs them. */
export type InvoiceStatus = 'draft' | 'issued' | 'transmitting' | 'validated' | 'rejected' | 'error' | 'voided' | 'discarded';

export interface Invoice {
  id: string;
  status: InvoiceStatus;
  number: string | null;
  cufe: string | null;
  tax_authority_messages: Array<{ code: string; message: string }>;
  updated_at: string;
  [field: string]: unknown;
}

export interface InvoicePage {
  data: Invoice[];
  next_cursor: string | null;
}

export interface Identity {
  key: { id: string; prefix: string; name: string; created_at: string; /** Null: the key does not expire. */ expires_at: string | null };
  /** Null (and so is the environment) for an operator key: it belongs to no company. */
  company: { id: string; name: string; trade_name: string; tax_id: string; check_digit: string } | null;
  environment: 'test' | 'live' | null;
  scopes: string[];
}

export interface IssueAnswer {
  invoice_id: string;
  environment: string;
  status: InvoiceStatus;
  transaction_id: string;
  deduplicated: boolean;
  correlation_id: string;
}

export interface ListQuery {
  status?: InvoiceStatus;
  updated_since?: string;
  limit?: number;
  cursor?: string;
}

/** An RFC 9457 problem document as the API sends it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code: string;
  errors?: Array<{ field: string; message: string }>;
  [field: string]: unknown;
}
