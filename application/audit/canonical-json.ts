/**
 * JSON with object keys sorted, so a value hashes alike before it is stored and after it is read back.
 * Follows JSON.stringify for everything else (toJSON, undefined members dropped, undefined in arrays → null),
 * because the stores serialise with JSON.stringify and the verifier sees the parsed result.
 * The stored hashes depend on every byte of it: a faster version must answer exactly the same strings.
 */
export function canonicalJson(value: unknown): string {
  return serialise(toJsonValue(value));
}

/** `plain` has been through toJSON already. One pass, building the string as it goes. */
function serialise(plain: unknown): string {
  switch (typeof plain) {
    case 'string':
      return NEEDS_ESCAPE.test(plain) ? JSON.stringify(plain) : `"${plain}"`;
    case 'number':
      return Number.isFinite(plain) ? String(plain) : 'null';
    case 'boolean':
      return plain ? 'true' : 'false';
    case 'object':
      if (plain === null) return 'null';
      break;
    default:
      return JSON.stringify(plain) ?? 'null';
  }
  if (Array.isArray(plain)) {
    let out = '[';
    for (let index = 0; index < plain.length; index += 1) {
      if (index > 0) out += ',';
      const item = toJsonValue(plain[index]);
      out += isOmitted(item) ? 'null' : serialise(item);
    }
    return `${out}]`;
  }
  const record = plain as Record<string, unknown>;
  let out = '{';
  for (const key of sortedKeys(record)) {
    const item = toJsonValue(record[key]);
    if (isOmitted(item)) continue;
    if (out.length > 1) out += ',';
    out += quotedKey(key);
    out += ':';
    out += serialise(item);
  }
  return `${out}}`;
}

/** Beyond this many keys, Array.prototype.sort; below it, an insertion sort in place. */
const INSERTION_SORT_LIMIT = 32;

/**
 * The object's own enumerable keys in code-unit order, as `Object.keys(record).sort()` answers them. An event has a
 * few dozen small objects: sorting their keys in place spares the copy Array.prototype.sort makes of each, which was
 * about a tenth of what the HTTP thread allocated per issued document.
 */
export function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  if (keys.length > INSERTION_SORT_LIMIT) return keys.sort();
  for (let index = 1; index < keys.length; index += 1) {
    const key = keys[index];
    let at = index - 1;
    while (at >= 0 && keys[at] > key) {
      keys[at + 1] = keys[at];
      at -= 1;
    }
    keys[at + 1] = key;
  }
  return keys;
}

/** What JSON.stringify escapes in a string: quote, backslash, control characters and lone surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Events repeat the same few hundred member names: their quoted forms are kept (bounded) rather than escaped anew. */
const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 4096;

export function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (QUOTED_KEYS.size < MAX_QUOTED_KEYS && key.length <= 64) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

function toJsonValue(value: unknown): unknown {
  const withToJson = value as { toJSON?: () => unknown } | null | undefined;
  return typeof withToJson?.toJSON === 'function' ? withToJson.toJSON() : value;
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
