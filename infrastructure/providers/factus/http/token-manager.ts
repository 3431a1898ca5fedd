import type { Clock } from '../../../../application/ports/clock.ts';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import type { FactusHttp, FactusResponse } from './factus-http.ts';

export interface FactusCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

interface Token {
  access: string;
  refresh: string | undefined;
  /** Clock time after which the token is renewed before use. */
  renewAt: number;
}

const TOKEN_PATH = '/oauth/token';

/**
 * OAuth2 password grant with refresh (reference §1.1). The token is cached and renewed before `expires_in` runs out
 * (the docs disagree on its lifetime, so the answer's value is used); a 401 makes the caller invalidate it once.
 * Concurrent callers share one token request.
 */
export class FactusTokens {
  private current: Token | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly http: FactusHttp,
    private readonly credentials: FactusCredentials,
    private readonly clock: Clock,
  ) {}

  token(): Promise<string> {
    if (this.current && this.clock.now().getTime() < this.current.renewAt) return Promise.resolve(this.current.access);
    this.pending ??= this.obtain().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Factus refused `access` (401): the next call renews it, unless another caller already did. */
  invalidate(access: string): void {
    if (this.current?.access === access) this.current = { ...this.current, renewAt: 0 };
  }

  private async obtain(): Promise<string> {
    const { clientId, clientSecret, username, password } = this.credentials;
    const client = { client_id: clientId, client_secret: clientSecret };
    if (this.current?.refresh) {
      const refreshed = await this.http.send({ method: 'POST', path: TOKEN_PATH, form: { grant_type: 'refresh_token', ...client, refresh_token: this.current.refresh } });
      if (refreshed.status === 200) return this.keep(refreshed);
    }
    const granted = await this.http.send({ method: 'POST', path: TOKEN_PATH, form: { grant_type: 'password', ...client, username, password } });
    if (granted.status === 200) return this.keep(granted);
    this.current = undefined;
    const message = String(granted.body.message ?? granted.body.error_description ?? granted.body.error ?? granted.body.raw ?? '');
    throw new ProviderUnavailableError(`Factus refused the credentials (FACTUS_CLIENT_ID, FACTUS_USERNAME...): ${granted.status} ${message}`.trim());
  }

  private keep(response: FactusResponse): string {
    const { access_token, refresh_token, expires_in } = response.body as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!access_token) throw new ProviderUnavailableError('Factus answered the token request without an access_token');
    const lifetimeMs = Math.max(0, Number(expires_in ?? 600)) * 1000;
    // Renew a little early (a tenth of the lifetime, at most a minute) so no call leaves with a token about to expire.
    const renewAt = this.clock.now().getTime() + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
    this.current = { access: access_token, refresh: refresh_token, renewAt };
    return access_token;
  }
}
