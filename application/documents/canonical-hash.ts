import { hash } from 'node:crypto';
import { quotedKey, sortedKeys } from '../audit/canonical-json.ts';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * SHA-256 of the JSON value with sorted keys: two requests with the same content hash alike.
 * Stored request hashes were made as `JSON.stringify(canonical(value))`; that string is kept exactly: object keys
 * sorted, except that (JavaScript's own property order) array-index keys such as "2" and "10" come first in numeric
 * order. A parsed JSON body is written in one pass; anything else (a Date, a function...) takes the old way.
 */
export function canonicalHash(value: unknown): string {
  const text = plainJson(value) ?? JSON.stringify(canonical(value));
  return hash('sha256', text, 'hex');
}

/** The canonical text of a value made only of what JSON.parse makes; undefined for anything else. */
function plainJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (!(index in value)) return undefined;
      const item = plainJson(value[index]);
      if (item === undefined) return undefined;
      out += index > 0 ? `,${item}` : item;
    }
    return `${out}]`;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of propertyOrder(sortedKeys(record))) {
    const item = plainJson(record[key]);
    if (item === undefined) return undefined;
    if (out.length > 1) out += ',';
    out += quotedKey(key);
    out += ':';
    out += item;
  }
  return `${out}}`;
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;
const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/** The order an object built with these keys in this order lists them: array indexes first, ascending. */
function propertyOrder(sorted: string[]): string[] {
  if (!sorted.some(startsWithDigit)) return sorted;
  const indexes = sorted.filter((key) => ARRAY_INDEX.test(key) && Number(key) <= MAX_ARRAY_INDEX);
  if (indexes.length === 0) return sorted;
  const rest = sorted.filter((key) => !(ARRAY_INDEX.test(key) && Number(key) <= MAX_ARRAY_INDEX));
  return [...indexes.sort((a, b) => Number(a) - Number(b)), ...rest];
}
