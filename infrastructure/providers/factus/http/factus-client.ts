import { ProviderUnavailableError, type SubmissionAttempt } from '../../../../application/ports/document-provider.ts';
import type { FactusHttp, FactusResponse } from './factus-http.ts';
import type { FactusTokens } from './token-manager.ts';

/** Answers that say something about our account rather than the request: retried later like an outage. */
const ACCOUNT_REFUSALS = new Set([401, 402, 403]);

/**
 * Authenticated JSON calls to Factus; a 401 renews the token and tries once more. A call made for a submission passes
 * its attempt, whose claim is confirmed before the request leaves.
 */
export class FactusClient {
  constructor(
    private readonly http: FactusHttp,
    private readonly tokens: FactusTokens,
  ) {}

  get(path: string, submission?: SubmissionAttempt): Promise<FactusResponse> {
    return this.call('GET', path, undefined, submission);
  }

  post(path: string, json: unknown, submission?: SubmissionAttempt): Promise<FactusResponse> {
    return this.call('POST', path, json, submission);
  }

  delete(path: string, submission?: SubmissionAttempt): Promise<FactusResponse> {
    return this.call('DELETE', path, undefined, submission);
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, json: unknown, submission: SubmissionAttempt | undefined): Promise<FactusResponse> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await this.tokens.token();
      const response = await this.http.send({ method, path, json, token }, submission);
      if (response.status === 401 && attempt === 1) {
        await this.tokens.invalidate(token);
        continue;
      }
      if (ACCOUNT_REFUSALS.has(response.status)) {
        throw new ProviderUnavailableError(`Factus refused ${method} ${path} with ${response.status}: ${String(response.body.message ?? response.body.raw ?? '')}`);
      }
      return response;
    }
  }
}
