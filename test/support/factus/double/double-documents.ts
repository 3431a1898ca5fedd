import { createHash } from 'node:crypto';

/** The double's test values, like the sandbox's: the counterparty identification decides DIAN's answer. */
export const DOUBLE_VALUES = { rejected: '1111111111', notified: '2222222221' } as const;

export interface DoubleDocument {
  reference: string;
  resource: string;
  number: string;
  state: 'validated' | 'pending' | 'rejected';
  errors: Record<string, string>;
  validatedAt: string | null;
  body: Record<string, any>;
}

/** Documented examples (reference §1.3): a Rechazo rule and a Notificación rule. */
export const REJECTION = { FAK24: 'Regla: FAK24, Rechazo: No está informado el DV del NIT' };
export const NOTIFICATION = { FAJ44b: 'Regla: FAJ44b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.' };

const PREFIXES: Record<string, string> = {
  bills: 'SETP99000',
  'credit-notes': 'NC',
  'debit-notes': 'ND',
  'support-documents': 'SEDS98400',
  'adjustment-notes': 'NAS',
  payrolls: 'NEF',
  'adjustment-payrolls': 'NIAE',
};

const UNIQUE_CODE: Record<string, string> = {
  bills: 'cufe',
  'credit-notes': 'cude',
  'debit-notes': 'cude',
  'support-documents': 'cuds',
  'adjustment-notes': 'cuds',
  payrolls: 'cune',
  'adjustment-payrolls': 'cune',
};

export function counterpartyOf(body: Record<string, any>): string {
  return String(body.customer?.identification ?? body.provider?.identification ?? body.worker?.identification_number ?? '');
}

/** Numbers count up per resource, like a Factus numbering range. */
export class DoubleNumbering {
  private readonly next = new Map<string, number>();

  assign(resource: string): string {
    const consecutive = (this.next.get(resource) ?? 550) + 1;
    this.next.set(resource, consecutive);
    return `${PREFIXES[resource]}${consecutive}`;
  }
}

/** Factus v2 `data` of a document (create, show, reference answers). */
export function documentData(document: DoubleDocument): Record<string, unknown> {
  const uniqueCode = createHash('sha384').update(document.number).digest('hex');
  return {
    reference_code: document.reference,
    number: document.number,
    is_validated: document.state === 'validated',
    validated_at: document.validatedAt,
    errors: document.errors,
    [UNIQUE_CODE[document.resource]]: document.state === 'validated' ? uniqueCode : null,
    created_at: '09-01-2026 01:56:16 PM',
    send_email: document.body.send_email ?? false,
    links: { qr: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${uniqueCode}` },
  };
}

/** A list item (`GET /v2/bills?filter[reference_code]=…`): v1-style status 1 validated, 0 pending. */
export function listItem(document: DoubleDocument): Record<string, unknown> {
  return { number: document.number, reference_code: document.reference, status: document.state === 'validated' ? 1 : 0, errors: Object.values(document.errors) };
}

export function uniqueCodeOf(document: DoubleDocument): string {
  return createHash('sha384').update(document.number).digest('hex');
}
