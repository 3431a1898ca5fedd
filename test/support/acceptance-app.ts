import { expect } from 'chai';
import type { Clock } from '../../application/ports/clock.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import { eventCude } from '../../domain/unique-codes/event-cude.ts';
import { expectSchema } from './api-test-helpers.ts';
import { issueValidated } from './family-test-helpers.ts';
import { http, type HttpAnswer } from './http.ts';
import { sampleInvoice } from './sample-invoice.ts';
import type { TestApp, TestTenant } from './test-app.ts';

/** A clock the test sets; the whole app (issuance, sandbox, events, scheduler) reads it. */
export class SettableClock implements Clock {
  private current: Date;
  constructor(iso: string) {
    this.current = new Date(iso);
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
}

export const ISSUER_NIT = '900825759';
export const RECEIVER_NIT = '800197268';
export const SANDBOX_PIN = '12345';
export const RECEPTIONS = '/receptions/v1/received-documents';
export const INVOICES = '/invoices/v1/sales-invoices';
/** Keeps the background poll out of the way: tests drive the scheduler with tick(). */
export const MANUAL_SCHEDULER = { acceptanceSchedulerIntervalMs: 3_600_000 };

/** The sample invoice addressed to `nit`; a credit invoice (payment form 2) when asked. */
export function invoiceTo(nit: string, { credit = false } = {}): Record<string, any> {
  const body = sampleInvoice({ identification: nit });
  if (credit) body.payment_details = [{ payment_form: '2', payment_method_code: '42', amount: '83300.00', due_date: '2026-12-31' }];
  return body;
}

export async function validatedInvoice(app: TestApp, issuer: TestTenant, body: Record<string, any>): Promise<{ id: string; number: string; cufe: string }> {
  const document = await issueValidated(app, 'sales-invoice', issuer.key, body);
  return { id: document.id, number: document.number, cufe: document.cufe };
}

export const sendEvent = (app: TestApp, key: string | undefined, id: string, body: unknown): Promise<HttpAnswer> =>
  http(app.baseUrl, 'POST', `${RECEPTIONS}/${id}/events`, { key, body });

/** Sends each code in turn on behalf of the receiver, insisting on 201. */
export async function sendAll(app: TestApp, receiver: TestTenant, id: string, codes: readonly string[]): Promise<Record<string, any>[]> {
  const records = [];
  for (const code of codes) {
    const answer = await sendEvent(app, receiver.key, id, code === '031' ? { code, claim_concept: '01' } : { code });
    expect(answer.status, answer.text).to.equal(201);
    expectSchema('DocumentEvent', answer.body);
    records.push(answer.body);
  }
  return records;
}

export const invoiceEvents = (app: TestApp, key: string | undefined, id: string): Promise<HttpAnswer> =>
  http(app.baseUrl, 'GET', `${INVOICES}/${id}/events`, { key });

/** The issuer's trail of the invoice (200, DocumentEventList). */
export async function trail(app: TestApp, issuer: TestTenant, id: string): Promise<Record<string, any>[]> {
  const answer = await invoiceEvents(app, issuer.key, id);
  expect(answer.status, answer.text).to.equal(200);
  expectSchema('DocumentEventList', answer.body);
  return answer.body.data;
}

export async function receivedDocument(app: TestApp, receiver: TestTenant, id: string): Promise<Record<string, any>> {
  const answer = await http(app.baseUrl, 'GET', `${RECEPTIONS}/${id}`, { key: receiver.key });
  expect(answer.status, answer.text).to.equal(200);
  expectSchema('ReceivedDocument', answer.body);
  return answer.body;
}

/** The CUDE an event record must carry, recomputed from its own fields by the §2.3 formula. */
export function expectedCude(record: Record<string, any>, invoiceNumber: string, receiverId: string): string {
  const { date, time } = colombiaDateTime(new Date(record.effective_at));
  return eventCude({
    eventNumber: record.number,
    issueDate: date,
    issueTime: time,
    issuerNit: record.actor.nit,
    receiverId,
    responseCode: record.code,
    referencedDocumentNumber: invoiceNumber,
    referencedDocumentTypeCode: '01',
    softwarePin: SANDBOX_PIN,
  });
}
