/**
 * JSON with object keys sorted, so a value hashes alike before it is stored and after it is read back.
 * Follows JSON.stringify for everything else (toJSON, undefined members dropped, undefined in arrays → null),
 * because the stores serialise with JSON.stringify and the verifier sees the parsed result.
 */
export function canonicalJson(value: unknown): string {
  const plain = toJsonValue(value);
  if (plain === null || typeof plain !== 'object') return JSON.stringify(plain) ?? 'null';
  if (Array.isArray(plain)) return `[${Array.from(plain, (item) => (isOmitted(toJsonValue(item)) ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = plain as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => !isOmitted(toJsonValue(record[key])))
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

function toJsonValue(value: unknown): unknown {
  const withToJson = value as { toJSON?: () => unknown } | null | undefined;
  return typeof withToJson?.toJSON === 'function' ? withToJson.toJSON() : value;
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
