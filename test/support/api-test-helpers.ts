import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { SchemaValidator } from '../../api/http/schema-validator.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import { http, type HttpAnswer } from './http.ts';
import { sampleInvoice } from './sample-invoice.ts';
import type { TestApp } from './test-app.ts';

export const BASE = '/invoices/v1/sales-invoices';
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Responses are checked against the OpenAPI component schemas, as DESIGN.md asks of the tests. */
const responses = new SchemaValidator();

export function expectSchema(schema: string, value: unknown): void {
  expect(responses.validate(schema, value), `${schema}: ${JSON.stringify(value)}`).to.deep.equal([]);
}

export const newIdempotencyKey = () => `idem-${randomUUID()}`;

/** POST a sales invoice with a fresh Idempotency-Key unless one is given. */
export function postInvoice(
  app: TestApp,
  key: string | undefined,
  body: unknown = sampleInvoice(),
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return http(app.baseUrl, 'POST', BASE, { key, body, headers: { 'Idempotency-Key': newIdempotencyKey(), ...headers } });
}

/** POST and insist on 202; answers the Accepted body. */
export async function createInvoice(app: TestApp, key: string, body: unknown = sampleInvoice(), headers: Record<string, string> = {}) {
  const answer = await postInvoice(app, key, body, headers);
  expect(answer.status, answer.text).to.equal(202);
  return answer.body as { id: string; transaction_id: string; status: string; links: { self: string } };
}

export function getInvoice(app: TestApp, key: string | undefined, id: string, headers: Record<string, string> = {}) {
  return http(app.baseUrl, 'GET', `${BASE}/${id}`, { key, headers });
}

export function listInvoices(app: TestApp, key: string | undefined, query = '') {
  return http(app.baseUrl, 'GET', `${BASE}${query ? `?${query}` : ''}`, { key });
}

/** An RFC 9457 problem with the fields DESIGN.md promises: type, title, status, instance and a stable code. */
export function expectProblem(answer: HttpAnswer, status: number, code?: string): Record<string, any> {
  expect(answer.status, answer.text).to.equal(status);
  expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
  const body = answer.body as Record<string, any>;
  expect(body, answer.text).to.be.an('object');
  expect(body.status).to.equal(status);
  expect(body.type).to.be.a('string').and.not.equal('');
  expect(body.title).to.be.a('string').and.not.equal('');
  expect(body.instance).to.be.a('string').and.not.equal('');
  expect(body.code).to.be.a('string').and.not.equal('');
  if (code) expect(body.code).to.equal(code);
  expect(body.type).to.match(new RegExp(`#${body.code}$`));
  expectSchema('Problem', body);
  return body;
}

/** The problem names the field in errors[] (exactly, or as a prefix like `items[0].price`). */
export function expectNamesField(problem: Record<string, any>, field: string): void {
  const fields = ((problem.errors ?? []) as Array<{ field: string }>).map((issue) => issue.field);
  const named = fields.includes(field) || String(problem.detail ?? '').includes(field);
  expect(named, `expected errors[] or detail to name "${field}"; got ${JSON.stringify(problem)}`).to.equal(true);
}

export async function documentCreatedEvents(app: TestApp): Promise<RecordedEvent[]> {
  return app.container.eventStore.readAll({ maxCount: 100_000, filter: { eventTypes: ['DocumentCreated'] } });
}

export function streamOf(app: TestApp, id: string): Promise<RecordedEvent[]> {
  return app.container.eventStore.readStream(`salesInvoice-${id}`);
}

/** The Colombian calendar date (UTC−05:00, no daylight saving) of an instant. */
export function colombianDate(instant: Date | string): string {
  return new Date(new Date(instant).getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
}

export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Sends the request and insists nothing reached the app's event store. */
export async function appendsNothing(app: TestApp, send: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
  const head = await app.container.eventStore.headPosition();
  const answer = await send();
  expect(await app.container.eventStore.headPosition(), 'nothing may be appended').to.equal(head);
  return answer;
}
