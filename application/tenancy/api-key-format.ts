import { hash } from 'node:crypto';
import type { Environment } from '../../domain/tenancy/scopes.ts';

/** `fe_<environment>_<key id: 12><secret: 32>`; the environment is read from the prefix. */
const KEY_PREFIX = 'fe';
const KEY_ID_LENGTH = 12;
const SECRET_LENGTH = 32;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}_(test|live)_([A-Za-z0-9]{${KEY_ID_LENGTH}})([A-Za-z0-9]{${SECRET_LENGTH}})$`);

interface ParsedKey {
  environment: Environment;
  keyId: string;
}

export function parseApiKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { environment: match[1] as Environment, keyId: match[2] } : null;
}

export function formatApiKey(environment: Environment, keyId: string, secret: string): string {
  return `${KEY_PREFIX}_${environment}_${keyId}${secret}`;
}

/** The part of a key that may be shown again after creation. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6 + KEY_ID_LENGTH);
}

export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export const API_KEY_LENGTHS = { keyId: KEY_ID_LENGTH, secret: SECRET_LENGTH };
