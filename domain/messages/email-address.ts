/** local@domain with a dotted domain; no display names, comments or spaces (what a JSON client sends). */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** The form addresses are compared in (authorized recipients); the address sent keeps the client's spelling. */
export function normalizeAddress(value: string): string {
  return value.trim().toLowerCase();
}
