import { expect } from 'chai';
import { canonicalJson } from '../../../application/audit/canonical-json.ts';
import { eventHash, genesisHash } from '../../../application/audit/event-hash.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';

/**
 * The implementation the audit trails of existing logs were hashed with (verbatim but for its name). The faster
 * canonicalJson must answer the same string for every value, or stored trails stop verifying.
 */
function referenceCanonicalJson(value: unknown): string {
  const plain = toJsonValue(value);
  if (plain === null || typeof plain !== 'object') return JSON.stringify(plain) ?? 'null';
  if (Array.isArray(plain)) return `[${Array.from(plain, (item) => (isOmitted(toJsonValue(item)) ? 'null' : referenceCanonicalJson(item))).join(',')}]`;
  const record = plain as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => !isOmitted(toJsonValue(record[key])))
    .map((key) => `${JSON.stringify(key)}:${referenceCanonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

function toJsonValue(value: unknown): unknown {
  const withToJson = value as { toJSON?: () => unknown } | null | undefined;
  return typeof withToJson?.toJSON === 'function' ? withToJson.toJSON() : value;
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** A small deterministic generator (mulberry32), so a failure names a value that can be produced again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_PIECES = ['a', 'Z', 'ñ', ' ', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', '\u2028', '\ud83d\ude00', '\ud800', '\udfff', '/', '10', '__proto__', '$hash'];
const NUMBERS = [0, -0, 1, -1, 1.5, 0.1 + 0.2, 1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity];
const KEYS = ['a', 'b', 'B', '1', '10', '2', '01', '-1', '4294967295', '', 'ñ', 'é', '\ud83d\ude00', '"', 'key with space', '$correlationId', 'toJSON_'];

function generate(next: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const kind = Math.floor(next() * (depth > 3 ? 7 : 11));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return pick(NUMBERS);
    case 3:
    case 4:
      return Array.from({ length: Math.floor(next() * 4) }, () => pick(TEXT_PIECES)).join('');
    case 5:
      return pick([undefined, () => 1, Symbol('s'), new Date(Math.floor(next() * 1e12))]);
    case 6: {
      const json = pick(['as json', 3, null, undefined, { b: 1, a: [2] }]);
      return { toJSON: () => json };
    }
    case 7:
    case 8: {
      const list: unknown[] = Array.from({ length: Math.floor(next() * 4) }, () => generate(next, depth + 1));
      if (next() < 0.2) list.length += 2; // holes
      return list;
    }
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, () => [pick(KEYS), generate(next, depth + 1)]));
  }
}

describe('canonical JSON (the audit hash input)', () => {
  it('answers what the implementation the stored trails were hashed with answers, for edge cases', () => {
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "10": 1, "9": 2, "b": [1, {"z": null, "a": "\\u2028"}]}') as unknown;
    const values: unknown[] = [
      undefined,
      null,
      () => 1,
      Symbol('s'),
      'plain',
      'ñ "quoted" \\ \n\t \u0000 \u001f \u2028 \ud83d\ude00 \ud800 lone',
      ...NUMBERS,
      true,
      [],
      {},
      [undefined, () => 1, Symbol('x'), null, , 3], // eslint-disable-line no-sparse-arrays
      { skip: undefined, fn: () => 1, sym: Symbol('x'), keep: 0 },
      { at: new Date(0), nested: { toJSON: () => ({ b: 1, a: 2 }) }, gone: { toJSON: () => undefined } },
      parsed,
      sampleInvoice(),
      // Around the size where the keys stop being sorted in place and go to Array.prototype.sort.
      ...[31, 32, 33, 40].map((size) => Object.fromEntries(Array.from({ length: size }, (_, index) => [KEYS[(index * 7) % KEYS.length] + String(size - index), index]))),
    ];
    for (const value of values) expect(canonicalJson(value), String(referenceCanonicalJson(value))).to.equal(referenceCanonicalJson(value));
  });

  it('answers what the previous implementation answers for 3,000 generated values', () => {
    const next = random(17);
    for (let index = 0; index < 3_000; index += 1) {
      const value = generate(next, 0);
      expect(canonicalJson(value), `value #${index}`).to.equal(referenceCanonicalJson(value));
    }
  });

  it('throws for a bigint, as before', () => {
    expect(() => referenceCanonicalJson({ n: 1n })).to.throw(TypeError);
    expect(() => canonicalJson({ n: 1n })).to.throw(TypeError);
  });

  it('keeps the hash of an issued invoice event byte for byte (recorded with the previous implementation)', () => {
    const event = {
      streamId: 'salesInvoice-0b9c8f1e-4c7a-4a57-9d38-3c9f8f3b1a11',
      revision: 0n,
      id: 'e0',
      type: 'DocumentCreated',
      data: { body: sampleInvoice(), '10': 'ten', '9': 'nine', note: 'ñ "q" \\ \n \u2028 \ud83d\ude00 \ud800', amounts: [1.5, -0, 1e21, 5e-7, null, true], at: new Date(0) },
      metadata: { tenantId: 't1', environment: 'test', actor: 'k1', $correlationId: 'c1', $causationId: 'c1', schemaVersion: 1 },
    };
    expect(eventHash(genesisHash(event.streamId), event)).to.equal('d66ef4058425c3bee106416102cd885e9189288a4bc174158e59d2ec28b424d8');
  });
});
