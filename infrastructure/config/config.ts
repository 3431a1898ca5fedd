import { randomBytes } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';
import { BRAND_SLUG } from '../../domain/messages/brand-rules.ts';
import { isEmailAddress } from '../../domain/messages/email-address.ts';
import { ConfigError } from './config-error.ts';
import { withSecretFiles } from './secret-files.ts';
import { providerConfig, type ProviderConfig } from './provider-config.ts';

export interface Config extends ProviderConfig {
  port: number;
  dataDir: string;
  eventStoreUrl?: string;
  /** Prefix of every stream and event type in KurrentDB, so deployments (or test runs) can share one server. */
  eventStoreNamespace?: string;
  /** The largest append the event store takes (KurrentDB's MaxAppendSize); larger documents are refused with 413. */
  maxAppendBytes: number;
  /** Embedded store: how often its live subscriptions look for events another process appended. */
  pollIntervalMs: number;
  mongodbUrl?: string;
  /** How long a subscription may be reconnecting to a store before the instance reports itself not ready. */
  reconnectGraceMs: number;
  /** This instance among those sharing the workers (leases name it); unique per process. */
  instanceId: string;
  /** How long a worker's claim on a submission attempt lasts before another may resume the document. */
  submissionLeaseMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sandboxDelayMs: number;
  /** Base of the problem `type` URIs: `{errorsUrl}#<code>`. */
  errorsUrl: string;
  /** Largest accepted JSON request body, in bytes. */
  bodyLimitBytes: number;
  /** Where projections and process managers run: a worker thread, this thread, or not in this instance. */
  workers: 'thread' | 'inline' | 'none';
  /** Nice value of the workers thread and the WAL checkpoint thread (0: as the HTTP thread; 19: only what it leaves). */
  workersNice: number;
  /** Processes that take HTTP requests on PORT (1: this process alone; above 1 this one supervises them and runs the workers). */
  httpProcesses: number;
  /** Threads that render XML, PDF and ZIP files apart from the thread that asked (0: that thread renders them). */
  renderThreads: number;
  /** At start, an instance that runs workers rebuilds in the background the projections an older revision wrote. */
  projectionsAutoRebuild: boolean;
  /** Messages (seed 002): SMTP relay; unset → `.eml` files in DATA_DIR/outbox. */
  smtpUrl?: string;
  /** The sender address of every message (clients choose only the visible name). */
  mailFrom: string;
  /** Brand slug used when a message names none. */
  messagesDefaultBrand: string;
  /** Messages each key may send per window. */
  messagesRateLimit: number;
  messagesRateWindowSeconds: number;
  /** Requests each key may make per window on the invoice management face (seed 001). */
  integrationsRateLimit: number;
  integrationsRateWindowSeconds: number;
  /** Key that seals private keys and other secrets at rest (32 bytes); unset until the first secret is kept. */
  secretsKey?: Buffer;
  /** Keys SECRETS_KEY replaced: they open the secrets they sealed until those are sealed again with SECRETS_KEY. */
  secretsKeysPrevious: Buffer[];
  /** Webhooks may reach loopback, private, link-local and metadata addresses, and plain http in live (development and tests only). */
  webhooksAllowPrivate: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const EVENT_STORE_SCHEMES = ['kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover', 'kdb', 'kdb+discover', 'esdb', 'esdb+discover'];
const NAMESPACE = /^[A-Za-z][A-Za-z0-9]*_$/;
const INSTANCE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Host and process id, plus a random part: a container's pid is often 1, and pids are reused. */
function defaultInstanceId(): string {
  return `${hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 60)}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** All cores but one, for the HTTP thread, up to 4: a render holds its thread tens of milliseconds, not seconds. */
function defaultRenderThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

const SECRETS_KEY_FORMAT = 'must be 32 random bytes as 64 hexadecimal digits or base64 (make one with `openssl rand -base64 32`)';

/** 32 bytes, written as 64 hexadecimal digits or in base64 (`openssl rand -base64 32`); undefined when not. */
function parsedSecretsKey(raw: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : undefined;
  return key?.length === 32 ? key : undefined;
}

function secretsKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const raw = env.SECRETS_KEY?.trim();
  if (!raw) return undefined;
  const key = parsedSecretsKey(raw);
  if (!key) throw new ConfigError('SECRETS_KEY', SECRETS_KEY_FORMAT);
  return key;
}

/** The keys SECRETS_KEY replaced, comma-separated: they open what they sealed, never seal. */
function previousSecretsKeys(env: NodeJS.ProcessEnv, current: Buffer | undefined): Buffer[] {
  const raw = env.SECRETS_KEY_PREVIOUS?.trim();
  if (!raw) return [];
  if (!current) throw new ConfigError('SECRETS_KEY_PREVIOUS', 'is set but SECRETS_KEY is not: set SECRETS_KEY to the new key, and keep the keys it replaced here');
  const parts = raw.split(',').map((part) => part.trim());
  return parts.map((part, index) => {
    const where = parts.length > 1 ? `key ${index + 1} of ${parts.length}` : 'the key';
    const key = part ? parsedSecretsKey(part) : undefined;
    if (!key) throw new ConfigError('SECRETS_KEY_PREVIOUS', `${where} ${SECRETS_KEY_FORMAT.replace('must be', 'is not')}; separate keys with commas`);
    if (key.equals(current)) throw new ConfigError('SECRETS_KEY_PREVIOUS', `${where} is SECRETS_KEY itself: list only the keys SECRETS_KEY replaced`);
    return key;
  });
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, schemes: readonly string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL: "${raw}"`);
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  if (!schemes.includes(scheme)) {
    throw new ConfigError(name, `must use one of the schemes ${schemes.join(', ')}; got "${scheme}"`);
  }
  return raw;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}; got "${raw}"`);
  return raw as T;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  return oneOf(env, name, ['true', 'false'] as const, fallback ? 'true' : 'false') === 'true';
}

function matching(env: NodeJS.ProcessEnv, name: string, fallback: string, valid: (value: string) => boolean, expected: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!valid(raw)) throw new ConfigError(name, `must be ${expected}; got "${raw}"`);
  return raw;
}

/** Reads the configuration from the environment; any invalid value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = readConfig(withSecretFiles(env));
  // A claim must outlast a provider call, or another worker could resume a document while the first still waits.
  const timeout = config.factus ? { name: 'FACTUS_TIMEOUT_MS', ms: config.factus.timeoutMs } : config.dian ? { name: 'DIAN_TIMEOUT_MS', ms: config.dian.timeoutMs } : null;
  if (timeout && config.submissionLeaseMs < 2 * timeout.ms) {
    throw new ConfigError('SUBMISSION_LEASE_S', `must be at least twice ${timeout.name} (${(2 * timeout.ms) / 1000} s); got ${config.submissionLeaseMs / 1000}`);
  }
  return config;
}

function readConfig(env: NodeJS.ProcessEnv): Config {
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}; got "${env.LOG_LEVEL}"`);
  }
  const dataDir = env.DATA_DIR?.trim() || './data';
  const currentSecretsKey = secretsKey(env);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    dataDir: resolve(dataDir),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', EVENT_STORE_SCHEMES),
    eventStoreNamespace: matching(env, 'EVENTSTORE_NAMESPACE', '', (v) => NAMESPACE.test(v), 'letters and digits starting with a letter and ending with "_", such as staging_') || undefined,
    pollIntervalMs: integer(env, 'EVENTSTORE_POLL_MS', 250, 10, 600_000),
    maxAppendBytes: integer(env, 'EVENTSTORE_MAX_APPEND_BYTES', 1_048_576, 65_536, 64 * 1_048_576),
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv']),
    reconnectGraceMs: integer(env, 'RECONNECT_GRACE_S', 60, 1, 86_400) * 1000,
    submissionLeaseMs: integer(env, 'SUBMISSION_LEASE_S', 120, 5, 3_600) * 1000,
    instanceId: matching(env, 'INSTANCE_ID', defaultInstanceId(), (v) => INSTANCE_ID.test(v), 'letters, digits, dots, dashes or underscores (at most 100)'),
    logLevel,
    sandboxDelayMs: integer(env, 'SANDBOX_DELAY_MS', 50, 0, 600_000),
    errorsUrl: env.ERRORS_URL?.trim() || '/errors',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    workers: oneOf(env, 'WORKERS', ['thread', 'inline', 'none'] as const, 'thread'),
    workersNice: integer(env, 'WORKERS_NICE', 0, 0, 19),
    httpProcesses: integer(env, 'HTTP_PROCESSES', 1, 1, 64),
    renderThreads: integer(env, 'RENDER_THREADS', defaultRenderThreads(), 0, 64),
    projectionsAutoRebuild: flag(env, 'PROJECTIONS_AUTO_REBUILD', true),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: matching(env, 'MAIL_FROM', 'no-reply@facturacion.local', isEmailAddress, 'an e-mail address such as facturas@example.com'),
    messagesDefaultBrand: matching(env, 'MESSAGES_DEFAULT_BRAND', 'default', (v) => BRAND_SLUG.test(v), 'a brand slug (lower-case letters, digits, dashes)'),
    messagesRateLimit: integer(env, 'MESSAGES_RATE_LIMIT', 600, 1, 1_000_000_000),
    messagesRateWindowSeconds: integer(env, 'MESSAGES_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    ...providerConfig(env),
    integrationsRateLimit: integer(env, 'INTEGRATIONS_RATE_LIMIT', 600, 1, 1_000_000_000),
    integrationsRateWindowSeconds: integer(env, 'INTEGRATIONS_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    secretsKey: currentSecretsKey,
    secretsKeysPrevious: previousSecretsKeys(env, currentSecretsKey),
    webhooksAllowPrivate: flag(env, 'WEBHOOKS_ALLOW_PRIVATE'),
  };
}
