import { periodProblem } from './period.ts';

/** `GET /v1/reports/sales-book?from&to`, or what is wrong with the dates (Spanish). */
export function salesBookQuery(from: string, to: string): { path?: string; problem?: string } {
  const problem = periodProblem(from, to);
  return problem ? { problem } : { path: `/v1/reports/sales-book?${new URLSearchParams({ from, to }).toString()}` };
}
