/** A DIAN 2019 list extended with codes documented later; an addition never overrides an existing code. */
export function withAdditions(
  base: ReadonlyMap<string, string>,
  additions: ReadonlyArray<readonly [string, string]>,
): ReadonlyMap<string, string> {
  const merged = new Map(base);
  for (const [code, name] of additions) if (!merged.has(code)) merged.set(code, name);
  return merged;
}
