import type { Problem } from './types.ts';

/** An answer that is not a success, after any retries the rules allow. Programs key on `code`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(readonly problem: Problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail ?? problem.title}`);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
  }
}
