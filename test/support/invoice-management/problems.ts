import { expect } from 'chai';
import type { HttpAnswer } from '../http.ts';
import { expectProblem } from '../api-test-helpers.ts';

/**
 * An RFC 9457 problem as seed 001 defines it: type `{errors_url}#<code>`, instance = request path + `#` + the request
 * id (the X-Request-Id of the answer), a stable code, and errors[] when the code is a validation one.
 */
export function expectSeedProblem(answer: HttpAnswer, status: number, code: string, path: string, errorsUrl = '/errors'): Record<string, any> {
  const problem = expectProblem(answer, status, code);
  expect(problem.type).to.equal(`${errorsUrl}#${code}`);
  expect(problem.instance).to.equal(`${path}#${answer.headers.get('x-request-id')}`);
  if (code === 'validation_failed' || code === 'invoice_validation_failed') {
    expect(problem.errors, answer.text).to.be.an('array').that.is.not.empty;
  }
  return problem;
}

export function fieldsOf(problem: Record<string, any>): string[] {
  return (problem.errors ?? []).map((issue: { field: string }) => issue.field);
}
