import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { nitCheckDigit } from '../../domain/shared/nit-check-digit.ts';
import { http, type HttpAnswer } from './http.ts';
import { sampleInvoice } from './sample-invoice.ts';
import type { TestApp } from './test-app.ts';
import { expectProblem, expectSchema } from './api-test-helpers.ts';

/** Base paths of seed 000's emission families. */
export const PATHS = {
  'sales-invoice': '/invoices/v1/sales-invoices',
  'credit-note': '/invoices/v1/credit-notes',
  'debit-note': '/invoices/v1/debit-notes',
  'support-document': '/invoices/v1/support-documents',
  'adjustment-note': '/invoices/v1/adjustment-notes',
} as const;
export type FamilyName = keyof typeof PATHS;

/** The software PIN of the sandbox (infrastructure/providers/sandbox/sandbox-ranges.ts) and DIAN's TipoAmbiente for test keys. */
export const SANDBOX_PIN = '12345';
export const TEST_ENVIRONMENT = '2';
export const LIVE_ENVIRONMENT = '1';

/** Sandbox test value: a counterparty with this identification is rejected by the authority. */
export const REJECTED_IDENTIFICATION = '1111111111';

export const UNKNOWN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

export const newKey = () => `fam-${randomUUID()}`;

// ---------------------------------------------------------------- bodies

/** A credit or debit note body: the sample invoice's customer and lines (payable 83300.00), plus what is given. */
export function noteBody(fields: Record<string, unknown> = {}, options: { identification?: string } = {}): Record<string, any> {
  const invoice = sampleInvoice({ identification: options.identification });
  return { concept: '1', customer: invoice.customer, items: invoice.items, ...fields };
}

/** A note that names no invoice: it states the period it corrects instead. */
export function periodNoteBody(fields: Record<string, unknown> = {}, options: { identification?: string } = {}): Record<string, any> {
  return noteBody({ billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' }, ...fields }, options);
}

export function provider(overrides: Record<string, unknown> = {}): Record<string, any> {
  const identification = String(overrides.identification ?? '900123456');
  return {
    identification_document_code: '31',
    identification,
    dv: /^\d{1,15}$/.test(identification) ? nitCheckDigit(identification) : '0',
    names: 'Pepito Perez',
    address: 'calle 4',
    country_code: 'CO',
    municipality_code: '68679',
    email: 'pepito@email.com',
    phone: '1234567890',
    ...overrides,
  };
}

/** The Factus support-document example: 2 × 50000 with a 20% discount, IVA 19%, ReteRenta 3.5%. */
export function supportLine(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    code_reference: 'SERV-001',
    name: 'Servicio de mantenimiento',
    quantity: '2.00',
    price: '50000.00',
    discount_rate: '20.00',
    unit_measure_code: '94',
    standard_code: '999',
    taxes: [{ code: '01', rate: '19.00' }],
    withholding_taxes: [{ code: '06', rate: '3.50' }],
    ...overrides,
  };
}

/** Line extension 80000.00, IVA 15200.00, payable 95200.00, withholding 2800.00 (not subtracted). */
export function supportDocumentBody(fields: Record<string, unknown> = {}, providerOverrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    provider: provider(providerOverrides),
    items: [supportLine()],
    payment_details: [{ payment_form: '1', payment_method_code: '10', reference_code: 'pago-ds-001', amount: '95200.00' }],
    observation: 'Compra a proveedor no obligado',
    ...fields,
  };
}

export function adjustmentNoteBody(supportDocumentNumber: string | undefined, fields: Record<string, unknown> = {}, providerOverrides: Record<string, unknown> = {}) {
  return {
    ...(supportDocumentNumber !== undefined && { support_document_number: supportDocumentNumber }),
    concept: '4',
    provider: provider(providerOverrides),
    items: [supportLine({ quantity: '1.00', discount_rate: '0.00', price: '10000.00', withholding_taxes: [] })],
    ...fields,
  } as Record<string, any>;
}

// ---------------------------------------------------------------- HTTP

export function post(app: TestApp, family: FamilyName, key: string | undefined, body: unknown, idempotencyKey: string | null = newKey()): Promise<HttpAnswer> {
  const headers: Record<string, string> = idempotencyKey === null ? {} : { 'Idempotency-Key': idempotencyKey };
  return http(app.baseUrl, 'POST', PATHS[family], { key, body, headers });
}

export async function create(app: TestApp, family: FamilyName, key: string, body: unknown, idempotencyKey = newKey()) {
  const answer = await post(app, family, key, body, idempotencyKey);
  expect(answer.status, `${family}: ${answer.text}`).to.equal(202);
  expectSchema('Accepted', answer.body);
  expect(answer.body.links.self).to.equal(`${PATHS[family]}/${answer.body.id}`);
  return answer.body as { id: string; transaction_id: string; status: string; links: { self: string } };
}

export function read(app: TestApp, family: FamilyName, key: string | undefined, id: string): Promise<HttpAnswer> {
  return http(app.baseUrl, 'GET', `${PATHS[family]}/${id}`, { key });
}

export async function record(app: TestApp, family: FamilyName, key: string, id: string): Promise<Record<string, any>> {
  const answer = await read(app, family, key, id);
  expect(answer.status, answer.text).to.equal(200);
  expectSchema('DocumentRecord', answer.body);
  return answer.body;
}

export function list(app: TestApp, family: FamilyName, key: string | undefined, query = ''): Promise<HttpAnswer> {
  return http(app.baseUrl, 'GET', `${PATHS[family]}${query ? `?${query}` : ''}`, { key });
}

export function remove(app: TestApp, family: FamilyName, key: string | undefined, id: string): Promise<HttpAnswer> {
  return http(app.baseUrl, 'DELETE', `${PATHS[family]}/${id}`, { key });
}

/** Creates, settles, and insists on validated; answers the record. */
export async function issueValidated(app: TestApp, family: FamilyName, key: string, body: unknown): Promise<Record<string, any>> {
  const accepted = await create(app, family, key, body);
  await app.settle();
  const document = await record(app, family, key, accepted.id);
  expect(document.status, JSON.stringify(document)).to.equal('validated');
  return document;
}

/**
 * 422 validation_failed whose errors[] names `field` exactly (or a sub-field of it, e.g. billing_period.end_date for
 * billing_period); when `message` is given, that issue's message must match it. Answers the matching issue.
 */
export function expect422Naming(answer: HttpAnswer, field: string, message?: RegExp): { field: string; message: string } {
  const problem = expectProblem(answer, 422, 'validation_failed');
  const issues = (problem.errors ?? []) as Array<{ field: string; message: string }>;
  const named = issues.filter((issue) => issue.field === field || issue.field.startsWith(`${field}.`) || issue.field.startsWith(`${field}[`));
  expect(named, `expected errors[] to name "${field}"; got ${JSON.stringify(issues)}`).to.not.be.empty;
  if (message) {
    expect(named.some((issue) => message.test(issue.message)), `expected a message on ${field} matching ${message}; got ${JSON.stringify(named)}`).to.equal(true);
  }
  return named[0];
}

/** The problem names nothing but the given fields (the rule is precise, not a blanket refusal). */
export function expectOnlyFields(answer: HttpAnswer, fields: string[]): void {
  const named = ((answer.body?.errors ?? []) as Array<{ field: string }>).map((issue) => issue.field);
  expect([...new Set(named)].sort(), JSON.stringify(answer.body)).to.deep.equal([...fields].sort());
}

// ---------------------------------------------------------------- DIAN unique codes, recomputed independently

const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest('hex');

function amount(value: unknown, what: string): string {
  expect(value, what).to.be.a('string').that.matches(/^-?\d+\.\d{2}$/);
  return String(value);
}

function taxAmount(totals: Record<string, any>, code: string): string {
  const total = (totals.tax_totals as Array<{ code: string; tax_amount: string }>).find((entry) => entry.code === code);
  return total ? amount(total.tax_amount, `tax ${code}`) : '0.00';
}

/**
 * CUDE (DIAN Anexo técnico 1.9, §11.2): SHA-384 of NumFac FecFac HorFac ValFac 01 ValImp1 04 ValImp2 03 ValImp3
 * ValTot NitOFE NumAdq Software-PIN TipoAmbiente, with no separators, from the record's own fields.
 */
export function expectedCude(note: Record<string, any>, environment = TEST_ENVIRONMENT, pin = SANDBOX_PIN): string {
  const totals = note.totals;
  return sha384(
    [
      note.number,
      note.issue_date,
      note.issue_time,
      amount(totals.line_extension_amount, 'line_extension_amount'),
      '01',
      taxAmount(totals, '01'),
      '04',
      taxAmount(totals, '04'),
      '03',
      taxAmount(totals, '03'),
      amount(totals.payable_amount, 'payable_amount'),
      note.issuer.nit,
      note.customer.identification,
      pin,
      environment,
    ].join(''),
  );
}

/**
 * CUDS (DIAN Anexo técnico documento soporte, §2.4): SHA-384 of NumDS FecDS HorDS ValDS 01 ValIva ValTot NumSNO NITABS
 * Software-PIN TipoAmbiente: the seller is the provider, the buyer (issuer) the tenant.
 */
export function expectedCuds(document: Record<string, any>, environment = TEST_ENVIRONMENT, pin = SANDBOX_PIN): string {
  const totals = document.totals;
  return sha384(
    [
      document.number,
      document.issue_date,
      document.issue_time,
      amount(totals.line_extension_amount, 'line_extension_amount'),
      '01',
      taxAmount(totals, '01'),
      amount(totals.payable_amount, 'payable_amount'),
      document.provider.identification,
      document.issuer.nit,
      pin,
      environment,
    ].join(''),
  );
}

export function expectValidatedShape(document: Record<string, any>, codeName: 'cude' | 'cuds', prefix: RegExp): void {
  expect(document.status).to.equal('validated');
  expect(document.number).to.match(prefix);
  expect(document[codeName]).to.match(/^[0-9a-f]{96}$/);
  expect(document.issue_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
  expect(document.issue_time).to.match(/^\d{2}:\d{2}:\d{2}-05:00$/);
  expect(document).to.not.have.property(codeName === 'cude' ? 'cuds' : 'cude');
  expect(document).to.not.have.property('cufe');
}
