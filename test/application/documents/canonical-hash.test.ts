import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { canonicalHash } from '../../../application/documents/canonical-hash.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';

/** How stored request hashes were made (verbatim but for its names): a replayed request must hash as it did then. */
function referenceCanonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(referenceCanonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, referenceCanonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const referenceHash = (value: unknown) => createHash('sha256').update(JSON.stringify(referenceCanonical(value))).digest('hex');

describe('canonicalHash (the request hash of idempotent POSTs)', () => {
  const values: unknown[] = [
    sampleInvoice(),
    { b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } },
    JSON.parse('{"10": "ten", "9": "nine", "b": 1, "01": 0, "-1": 1, "4294967294": "max index", "4294967295": "not an index", "1.5": 2, "a": [1, "2", null, true, false, 0, -0, 1e21, 5e-7]}'),
    JSON.parse('{"__proto__": {"polluted": true}, "text": "ñ \\"q\\" \\\\ \\n \\u2028 \\ud83d\\ude00 \\ud800"}'),
    [{ y: 1, x: 2 }, [], {}],
    'just a string',
    12.5,
    null,
    true,
    // Not what JSON.parse makes: hashed the old way.
    { at: new Date(0), gone: undefined, fn: () => 1, nan: NaN, list: [undefined, , 1] }, // eslint-disable-line no-sparse-arrays
    Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }),
  ];

  it('hashes every value as the stored request hashes were made', () => {
    for (const value of values) expect(canonicalHash(value), JSON.stringify(referenceCanonical(value))).to.equal(referenceHash(value));
  });

  it('hashes 2,000 generated JSON bodies as the stored request hashes were made', () => {
    let state = 29;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 4294967296;
    };
    const keys = ['a', 'b', 'B', '1', '10', '2', '01', '-1', '4294967294', '4294967295', '', 'ñ', '"', '9x', '$hash'];
    const generate = (depth: number): unknown => {
      const kind = Math.floor(next() * (depth > 3 ? 4 : 6));
      if (kind === 0) return keys[Math.floor(next() * keys.length)];
      if (kind === 1) return [0, -1, 1.5, 1e21, 5e-7, 12][Math.floor(next() * 6)];
      if (kind === 2) return next() < 0.5 ? null : next() < 0.5;
      if (kind === 3) return `ñ "${Math.floor(next() * 100)}" \\ \u2028`;
      if (kind === 4) return Array.from({ length: Math.floor(next() * 4) }, () => generate(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(next() * (next() < 0.1 ? 40 : 6)) }, (_, index) => [keys[Math.floor(next() * keys.length)] + (index % 3 === 0 ? String(index) : ''), generate(depth + 1)]));
    };
    for (let index = 0; index < 2_000; index += 1) {
      // Through JSON text, as a request body arrives.
      const value = JSON.parse(JSON.stringify(generate(0))) as unknown;
      expect(canonicalHash(value), `value #${index}: ${JSON.stringify(value)}`).to.equal(referenceHash(value));
    }
  });

  it('ignores key order at every depth and sees any change of content', () => {
    expect(canonicalHash({ a: 1, b: { c: 2, d: [1, 2] } })).to.equal(canonicalHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(canonicalHash({ a: 1, b: { c: 2, d: [1, 2] } })).to.not.equal(canonicalHash({ a: 1, b: { c: 2, d: [2, 1] } }));
  });

  it('keeps the hash of the sample invoice (recorded with the previous implementation)', () => {
    expect(canonicalHash(sampleInvoice())).to.equal('98a361434d1de2b4abd0f51635390471eaaf971c1ab6bfd1c867aba79867e6f8');
  });
});
