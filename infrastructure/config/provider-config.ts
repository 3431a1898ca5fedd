import { ConfigError } from './config-error.ts';

/** Factus API v2 account (reference §1.1); every field but the last two is required with PROVIDER=factus. */
export interface FactusSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** How long one HTTP call to Factus may take. */
  timeoutMs: number;
  /** Our own ceiling; Factus allows 80 a minute per user. */
  requestsPerMinute: number;
}

/** DIAN's web services called directly (PROVIDER=dian, "software propio"). */
export interface DianSettings {
  /** DIAN_URL: one endpoint for every environment (a test double, a proxy); unset: habilitación for test, production for live. */
  url: string | null;
  /** DIAN_PAYROLL_URL: the endpoint of SendNominaSync when it is not the documents' one. */
  payrollUrl: string | null;
  /** DIAN_TIMEOUT_MS: how long one SOAP call may take (DIAN's own server timeout is 59 s). */
  timeoutMs: number;
}

export interface ProviderConfig {
  /** The technology provider: the built-in DIAN sandbox (default), Factus, or DIAN itself. */
  provider: 'sandbox' | 'factus' | 'dian';
  factus?: FactusSettings;
  dian?: DianSettings;
}

const PROVIDERS = ['sandbox', 'factus', 'dian'] as const;
const REQUIRED = ['FACTUS_URL', 'FACTUS_CLIENT_ID', 'FACTUS_CLIENT_SECRET', 'FACTUS_USERNAME', 'FACTUS_PASSWORD'] as const;

/** PROVIDER and, when it is factus, the FACTUS_* settings; a missing or wrong one is named in a ConfigError. */
export function providerConfig(env: NodeJS.ProcessEnv): ProviderConfig {
  const provider = env.PROVIDER?.trim() || 'sandbox';
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError('PROVIDER', `must be one of ${PROVIDERS.join(', ')}; got "${env.PROVIDER}"`);
  }
  if (provider === 'sandbox') return { provider: 'sandbox' };
  if (provider === 'dian') return { provider: 'dian', dian: dianSettings(env) };
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    const others = missing.length > 1 ? ` (also missing: ${missing.slice(1).join(', ')})` : '';
    throw new ConfigError(missing[0], `is required when PROVIDER=factus${others}`);
  }
  const value = (name: (typeof REQUIRED)[number]) => env[name]!.trim();
  return {
    provider: 'factus',
    factus: {
      url: httpUrl('FACTUS_URL', value('FACTUS_URL')),
      clientId: value('FACTUS_CLIENT_ID'),
      clientSecret: value('FACTUS_CLIENT_SECRET'),
      username: value('FACTUS_USERNAME'),
      password: value('FACTUS_PASSWORD'),
      timeoutMs: whole(env, 'FACTUS_TIMEOUT_MS', 30_000, 100, 600_000),
      requestsPerMinute: whole(env, 'FACTUS_REQUESTS_PER_MINUTE', 80, 1, 80),
    },
  };
}

/** DIAN_URL, DIAN_PAYROLL_URL and DIAN_TIMEOUT_MS; every one optional. */
export function dianSettings(env: NodeJS.ProcessEnv): DianSettings {
  const optionalUrl = (name: string) => (env[name]?.trim() ? httpUrl(name, env[name]!.trim()) : null);
  return { url: optionalUrl('DIAN_URL'), payrollUrl: optionalUrl('DIAN_PAYROLL_URL'), timeoutMs: whole(env, 'DIAN_TIMEOUT_MS', 30_000, 100, 600_000) };
}

function httpUrl(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${raw}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(name, `must use one of the schemes https, http; got "${parsed.protocol.replace(/:$/, '')}"`);
  }
  return raw.replace(/\/+$/, '');
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}
