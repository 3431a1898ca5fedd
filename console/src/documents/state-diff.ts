/** One difference between two records: where (`totals.payable_amount`, `items[0].price`) and the values either side. */
export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => same(item, b[index]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same(a[key], b[key]));
  }
  return false;
}

const absent = (value: unknown) => value === undefined;

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * The changes from one `state` of a document's history to the next, deepest first-class paths: objects are compared
 * member by member, arrays item by item (`items[2]` added when the list grew), anything else by value. A member that
 * is absent on one side is `added` or `removed`; `null` counts as a value. Order: the members of `before` in their
 * order, then those only `after` has.
 */
export function stateDiff(before: unknown, after: unknown, path = ''): Change[] {
  if (same(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !(key in before))];
    return keys.flatMap((key) => stateDiff(before[key], after[key], join(path, key)));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => stateDiff(before[index], after[index], `${path}[${index}]`)).flat();
  }
  if (absent(before)) return [{ path, kind: 'added', before: undefined, after }];
  if (absent(after)) return [{ path, kind: 'removed', before, after: undefined }];
  return [{ path, kind: 'changed', before, after }];
}

/** A value as a line of text: strings as they are, absent as "—", the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The first `max` characters of a long text and whether anything was cut (the page offers to expand it). */
export function truncated(text: string, max = 80): { text: string; cut: boolean } {
  return text.length <= max ? { text, cut: false } : { text: `${text.slice(0, max)}…`, cut: true };
}
