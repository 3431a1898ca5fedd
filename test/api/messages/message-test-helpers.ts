import { expect } from 'chai';
import { http, type HttpAnswer } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import { otpData } from '../../support/messaging-app.ts';

export const otpRequest = (overrides: Record<string, unknown> = {}) => ({ channel: 'email', to: 'ana@example.com', template: { slug: 'codigo-otp' }, data: otpData(), ...overrides });

export function postMessage(app: TestApp, key: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return http(app.baseUrl, 'POST', '/v1/messages', { key, body, headers });
}

export function getMessage(app: TestApp, key: string, id: string): Promise<HttpAnswer> {
  return http(app.baseUrl, 'GET', `/v1/messages/${id}`, { key });
}

/** A problem of the messages face: RFC 9457 fields, `code`, and `codigo` (seed 002). */
export function expectMessageProblem(answer: HttpAnswer, status: number, codigo: string): Record<string, any> {
  const body = expectProblem(answer, status);
  expect(body.codigo, answer.text).to.equal(codigo);
  expectSchema('MessageProblem', body);
  return body;
}

export const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
