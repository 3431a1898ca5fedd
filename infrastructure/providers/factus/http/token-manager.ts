import { compareAndSet } from '../../../../application/coordination/compare-and-set.ts';
import type { Clock } from '../../../../application/ports/clock.ts';
import type { CoordinationStore } from '../../../../application/ports/coordination-store.ts';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import type { FactusHttp, FactusResponse } from './factus-http.ts';
import type { Sleep } from './sleep.ts';
import { TokenSeal, type HeldToken } from './token-seal.ts';

interface FactusCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/** Where the account's token is shared with every other instance. */
interface TokenSharing {
  store: CoordinationStore;
  key: string;
  sleep: Sleep;
  /** How long an instance may take to obtain a token before another one takes over. */
  refreshMarkerMs: number;
}

/** The account's token record in the coordination store. */
interface TokenRecord {
  /** Access and refresh token, sealed; absent until one was obtained. */
  sealed?: string;
  /** Clock time after which the token is renewed before use. */
  renewAt: number;
  /** An instance is obtaining a token until this clock time; the others wait for it. */
  refreshingUntil?: number;
}

const TOKEN_PATH = '/oauth/token';
/** How often an instance waiting for another one's token looks again. */
const WAIT_MS = 100;

/**
 * OAuth2 password grant with refresh (reference §1.1), one token for every instance of the account: kept sealed in the
 * coordination store and renewed before `expires_in` runs out (the docs disagree on its lifetime, so the answer's value
 * is used). One instance at a time obtains it, holding a refreshing marker taken by compare-and-set; the others wait
 * and read again, and take over if the marker expires. A 401 makes the caller invalidate the token once.
 */
export class FactusTokens {
  private readonly seal: TokenSeal;
  /** Callers of this instance share one look at the store (and one token request). */
  private pending: Promise<string> | undefined;

  constructor(
    private readonly http: FactusHttp,
    private readonly credentials: FactusCredentials,
    private readonly clock: Clock,
    private readonly sharing: TokenSharing,
  ) {
    this.seal = new TokenSeal(credentials, sharing.key);
  }

  token(): Promise<string> {
    this.pending ??= this.current().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Factus refused `access` (401): the next call renews it, unless another caller or instance already did. */
  async invalidate(access: string): Promise<void> {
    await compareAndSet<TokenRecord, void>(this.sharing.store, this.sharing.key, (current) => {
      const refused = current !== undefined && current.renewAt !== 0 && this.seal.open(current.sealed)?.access === access;
      return { write: refused ? { ...current, renewAt: 0 } : undefined, answer: undefined };
    });
  }

  private async current(): Promise<string> {
    const { store, key, sleep, refreshMarkerMs } = this.sharing;
    for (;;) {
      const now = this.clock.now().getTime();
      const record = await store.read<TokenRecord>(key);
      const held = this.seal.open(record?.value.sealed);
      if (held && now < record!.value.renewAt) return held.access;
      if (record?.value.refreshingUntil !== undefined && now < record.value.refreshingUntil) {
        await sleep(WAIT_MS);
        continue;
      }
      const marked: TokenRecord = { ...(record?.value ?? { renewAt: 0 }), refreshingUntil: now + refreshMarkerMs };
      if (await store.write(key, marked, record?.version)) return this.obtain(held, marked, (record?.version ?? 0) + 1);
    }
  }

  /** Holding the marker (the record at `version`): a token from Factus, stored for everyone. */
  private async obtain(held: HeldToken | undefined, marked: TokenRecord, version: number): Promise<string> {
    const { store, key } = this.sharing;
    let token: { held: HeldToken; renewAt: number };
    try {
      token = await this.request(held?.refresh);
    } catch (error) {
      // Let the next caller try at once rather than after the marker; a refused password also drops the token it had.
      const { refreshingUntil: _, ...released } = marked;
      const after: TokenRecord = error instanceof CredentialsRefused ? { renewAt: 0 } : released;
      // If this write fails too, the marker simply expires.
      await store.write(key, after, version).catch(() => false);
      throw error;
    }
    // A lost write means the marker expired and another instance took over: this token still serves this call.
    await store.write<TokenRecord>(key, { sealed: this.seal.seal(token.held), renewAt: token.renewAt }, version);
    return token.held.access;
  }

  private async request(refresh: string | undefined): Promise<{ held: HeldToken; renewAt: number }> {
    const { clientId, clientSecret, username, password } = this.credentials;
    const client = { client_id: clientId, client_secret: clientSecret };
    if (refresh) {
      const refreshed = await this.http.send({ method: 'POST', path: TOKEN_PATH, form: { grant_type: 'refresh_token', ...client, refresh_token: refresh } });
      if (refreshed.status === 200) return this.read(refreshed);
    }
    const granted = await this.http.send({ method: 'POST', path: TOKEN_PATH, form: { grant_type: 'password', ...client, username, password } });
    if (granted.status === 200) return this.read(granted);
    const message = String(granted.body.message ?? granted.body.error_description ?? granted.body.error ?? granted.body.raw ?? '');
    throw new CredentialsRefused(`Factus refused the credentials (FACTUS_CLIENT_ID, FACTUS_USERNAME...): ${granted.status} ${message}`.trim());
  }

  private read(response: FactusResponse): { held: HeldToken; renewAt: number } {
    const { access_token, refresh_token, expires_in } = response.body as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!access_token) throw new ProviderUnavailableError('Factus answered the token request without an access_token');
    const lifetimeMs = Math.max(0, Number(expires_in ?? 600)) * 1000;
    // Renew a little early (a tenth of the lifetime, at most a minute) so no call leaves with a token about to expire.
    const renewAt = this.clock.now().getTime() + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
    return { held: { access: access_token, refresh: refresh_token }, renewAt };
  }
}

/** The password grant was refused: the configured credentials are wrong (or were revoked). */
class CredentialsRefused extends ProviderUnavailableError {}
