import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { http, type HttpAnswer } from '../http.ts';
import { sampleInvoice } from '../sample-invoice.ts';
import type { TestApp } from '../test-app.ts';

export const newKey = () => `it-${randomUUID()}`;

export function post(app: TestApp, key: string | undefined, path: string, options: { body?: unknown; idempotencyKey?: string | null } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = options.idempotencyKey === null ? {} : { 'Idempotency-Key': options.idempotencyKey ?? newKey() };
  return http(app.baseUrl, 'POST', path, { key, body: options.body, headers });
}

export const get = (app: TestApp, key: string | undefined, path: string) => http(app.baseUrl, 'GET', path, { key });

export async function createDraft(app: TestApp, key: string, body: unknown = sampleInvoice()): Promise<Record<string, any>> {
  const answer = await post(app, key, '/v1/invoices', { body });
  expect(answer.status, answer.text).to.equal(201);
  return answer.body;
}

/** A draft finalized: status issued, ready to transmit. */
export async function issuedInvoice(app: TestApp, key: string, body: unknown = sampleInvoice()): Promise<Record<string, any>> {
  const draft = await createDraft(app, key, body);
  const answer = await post(app, key, `/v1/invoices/${draft.id}/finalize`);
  expect(answer.status, answer.text).to.equal(200);
  return answer.body;
}

export async function issue(app: TestApp, key: string, id: string, idempotencyKey = newKey()): Promise<HttpAnswer> {
  return post(app, key, `/v1/invoices/${id}/issue`, { idempotencyKey });
}

/** Polls the invoice until it reaches the status (the provider answers in the background). */
export async function untilStatus(app: TestApp, key: string, id: string, status: string): Promise<Record<string, any>> {
  let last: HttpAnswer | undefined;
  for (let i = 0; i < 400; i += 1) {
    last = await get(app, key, `/v1/invoices/${id}`);
    if (last.body?.status === status) return last.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`invoice ${id} never became ${status}; last: ${last?.text}`);
}

/** Draft, finalize, issue and wait for the authority's answer. */
export async function transmittedInvoice(app: TestApp, key: string, finalStatus: 'validated' | 'rejected' = 'validated'): Promise<Record<string, any>> {
  const identification = finalStatus === 'rejected' ? '1111111111' : '123456789';
  const invoice = await issuedInvoice(app, key, sampleInvoice({ identification }));
  expect((await issue(app, key, invoice.id)).status).to.equal(202);
  return untilStatus(app, key, invoice.id, finalStatus);
}

/** Waits for the lists (the documents projection) only: settle() would wait for held submissions too. */
export async function settleLists(app: TestApp): Promise<void> {
  await app.container.runner('documents').waitFor(await app.container.eventStore.headPosition());
}
