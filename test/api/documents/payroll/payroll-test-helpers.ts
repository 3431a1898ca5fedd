import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { http, type HttpAnswer } from '../../../support/http.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';

/** Base paths of seed 000's Nomina families. */
export const PAYROLLS = '/payrolls/v1/payrolls';
export const ADJUSTMENTS = '/payrolls/v1/adjustment-payrolls';
export const CONCEPTS = '/payrolls/v1/concepts';

/** The sandbox's software PIN (infrastructure/providers/sandbox/sandbox-ranges.ts) and DIAN TipoAmbiente of test keys. */
export const SANDBOX_PIN = '12345';
export const TEST_ENVIRONMENT = '2';

export const UNKNOWN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

export const newKey = () => `nomina-${randomUUID()}`;

export type PayrollBase = typeof PAYROLLS | typeof ADJUSTMENTS;

export function post(app: TestApp, base: PayrollBase, key: string | undefined, body: unknown, idempotencyKey: string = newKey()): Promise<HttpAnswer> {
  return http(app.baseUrl, 'POST', base, { key, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST and insist on 202 with the Accepted body. */
export async function create(app: TestApp, base: PayrollBase, key: string, body: unknown) {
  const answer = await post(app, base, key, body);
  expect(answer.status, `${base}: ${answer.text}`).to.equal(202);
  expectSchema('Accepted', answer.body);
  expect(answer.body.status).to.equal('pending');
  expect(answer.body.links.self).to.equal(`${base}/${answer.body.id}`);
  expect(answer.headers.get('location')).to.equal(`${base}/${answer.body.id}`);
  return answer.body as { id: string; transaction_id: string; status: string; links: { self: string } };
}

export function read(app: TestApp, base: PayrollBase, key: string | undefined, id: string): Promise<HttpAnswer> {
  return http(app.baseUrl, 'GET', `${base}/${id}`, { key });
}

export async function record(app: TestApp, base: PayrollBase, key: string, id: string): Promise<Record<string, any>> {
  const answer = await read(app, base, key, id);
  expect(answer.status, answer.text).to.equal(200);
  expectSchema('DocumentRecord', answer.body);
  return answer.body;
}

export function list(app: TestApp, base: PayrollBase, key: string | undefined, query = ''): Promise<HttpAnswer> {
  return http(app.baseUrl, 'GET', `${base}${query ? `?${query}` : ''}`, { key });
}

export function remove(app: TestApp, base: PayrollBase, key: string | undefined, id: string): Promise<HttpAnswer> {
  return http(app.baseUrl, 'DELETE', `${base}/${id}`, { key });
}

/** Creates, settles, and insists on validated; answers the record. */
export async function issueValidated(app: TestApp, base: PayrollBase, key: string, body: unknown): Promise<Record<string, any>> {
  const accepted = await create(app, base, key, body);
  await app.settle();
  const document = await record(app, base, key, accepted.id);
  expect(document.status, JSON.stringify(document)).to.equal('validated');
  return document;
}

export interface Issue {
  field: string;
  message: string;
}

/**
 * 422 validation_failed problem+json whose errors[] names `field` exactly (or a sub-field of it); when `message` is
 * given, that issue's message must match it. Answers the matching issues.
 */
export function expect422Naming(answer: HttpAnswer, field: string, message?: RegExp): Issue[] {
  const problem = expectProblem(answer, 422, 'validation_failed');
  const issues = (problem.errors ?? []) as Issue[];
  const named = issues.filter((issue) => issue.field === field || issue.field.startsWith(`${field}.`) || issue.field.startsWith(`${field}[`));
  expect(named, `expected errors[] to name "${field}"; got ${JSON.stringify(issues)}`).to.not.be.empty;
  if (message) {
    expect(named.some((issue) => message.test(issue.message)), `expected a message on ${field} matching ${message}; got ${JSON.stringify(named)}`).to.equal(true);
  }
  return named;
}

/** The problem names nothing but the given fields (the rule is precise, not a blanket refusal). */
export function expectOnlyFields(answer: HttpAnswer, fields: string[]): void {
  const named = ((answer.body?.errors ?? []) as Issue[]).map((issue) => issue.field);
  expect([...new Set(named)].sort(), JSON.stringify(answer.body)).to.deep.equal([...fields].sort());
}

/** A deep copy to mutate freely. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// ---------------------------------------------------------------- amounts, recomputed independently

const AMOUNT_FIELDS = ['amount', 'non_salary_amount', 'interest_amount', 'subsistence_amount'] as const;

function cents(value: string): bigint {
  const [units, decimals = ''] = value.split('.');
  return BigInt(units) * 100n + BigInt((decimals + '00').slice(0, 2));
}

function fromCents(value: bigint): string {
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const units = absolute / 100n;
  const rest = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${rest}`;
}

/** Σ of every money field of every entry of a section (amounts in the request have at most 2 decimals). */
export function sectionSum(section: Record<string, unknown>): string {
  let total = 0n;
  for (const value of Object.values(section)) {
    for (const entry of (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown>>) {
      for (const name of AMOUNT_FIELDS) if (typeof entry[name] === 'string') total += cents(entry[name] as string);
    }
  }
  return fromCents(total);
}

export function difference(a: string, b: string): string {
  return fromCents(cents(a) - cents(b));
}

// ---------------------------------------------------------------- CUNE, recomputed independently

const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest('hex');

function money2(value: unknown, what: string): string {
  expect(value, what).to.be.a('string').that.matches(/^-?\d+\.\d{2}$/);
  return String(value);
}

/**
 * CUNE (DIAN nómina annex §8.1.1.1, reference §2.6): SHA-384 of NumNE FecNE HorNE ValDev ValDed ValTolNE NitNE DocEmp
 * TipoXML Software-PIN TipAmb, no separators, from the payroll record's own fields.
 */
export function expectedPayrollCune(payroll: Record<string, any>, environment = TEST_ENVIRONMENT, pin = SANDBOX_PIN): string {
  return sha384(
    [
      payroll.number,
      payroll.issue_date,
      payroll.issue_time,
      money2(payroll.totals.accrued_total, 'accrued_total'),
      money2(payroll.totals.deducted_total, 'deducted_total'),
      money2(payroll.totals.net_total, 'net_total'),
      payroll.issuer.nit,
      payroll.worker.identification_number,
      '102',
      pin,
      environment,
    ].join(''),
  );
}

/** An adjustment note that deletes (Eliminar): ValDev = ValDed = ValTolNE = 0.00, DocEmp = 0, TipoXML 103. */
export function expectedAdjustmentCune(note: Record<string, any>, environment = TEST_ENVIRONMENT, pin = SANDBOX_PIN): string {
  return sha384([note.number, note.issue_date, note.issue_time, '0.00', '0.00', '0.00', note.issuer.nit, '0', '103', pin, environment].join(''));
}
