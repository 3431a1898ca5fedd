import { readFileSync, statSync } from 'node:fs';
import { ConfigError } from './config-error.ts';

/**
 * The settings that hold secrets (keys, passwords, URLs with a password in them). Each may instead be read from the file
 * `<NAME>_FILE` names, as Docker and Kubernetes mount secrets: then the secret is in no process's environment.
 */
export const SECRET_SETTINGS = [
  'SECRETS_KEY',
  'SECRETS_KEY_PREVIOUS',
  'EVENTSTORE_URL',
  'MONGODB_URL',
  'SMTP_URL',
  'FACTUS_CLIENT_ID',
  'FACTUS_CLIENT_SECRET',
  'FACTUS_USERNAME',
  'FACTUS_PASSWORD',
] as const;

const MAX_BYTES = 64 * 1024;

const REASONS: Record<string, string> = {
  ENOENT: 'does not exist',
  EACCES: 'cannot be read (permission denied)',
  ENOTDIR: 'does not exist (a part of its path is not a folder)',
};

/** The file's text without its final line break; never echoed in a message, since it holds a secret. */
function secretFrom(variable: string, path: string): string {
  let text: string;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new ConfigError(variable, `${path} is not a regular file`);
    if (stats.size > MAX_BYTES) throw new ConfigError(variable, `${path} holds ${stats.size} bytes, more than a secret's ${MAX_BYTES}`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ConfigError(variable, `${path} ${REASONS[code] ?? `cannot be read (${code || (error as Error).message})`}`);
  }
  const value = text.replace(/\r?\n$/, '');
  if (value.trim() === '') throw new ConfigError(variable, `${path} is empty`);
  return value;
}

/** The environment with each `<NAME>_FILE` of a secret setting read into `<NAME>`; both set is refused. */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  let resolved = env;
  for (const name of SECRET_SETTINGS) {
    const variable = `${name}_FILE`;
    const path = env[variable]?.trim();
    if (!path) continue;
    if (env[name]?.trim()) throw new ConfigError(variable, `is set and so is ${name}: set one of them`);
    resolved = { ...resolved, [name]: secretFrom(variable, path) };
  }
  return resolved;
}
