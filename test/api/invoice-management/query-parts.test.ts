import { expect } from 'chai';
import { decodeCursor, encodeCursor } from '../../../api/invoice-management/cursor-codec.ts';
import { parseListQuery } from '../../../api/invoice-management/list-query.ts';
import { parseTimestamp } from '../../../domain/shared/timestamp.ts';
import { Problem } from '../../../api/http/problem.ts';
import { mergePatch } from '../../../application/invoice-management/merge-patch.ts';

function refusedFields(query: Record<string, unknown>): string[] {
  try {
    parseListQuery(query);
  } catch (error) {
    expect(error).to.be.instanceOf(Problem);
    expect((error as Problem).status).to.equal(400);
    return ((error as Problem).errors ?? []).map((issue) => issue.field);
  }
  expect.fail(`${JSON.stringify(query)} was accepted`);
}

describe('Integrations: query parts', () => {
  it('cursor: round-trips, and refuses tampered, truncated or invented cursors', () => {
    const cursor = encodeCursor({ after: '00000000000000000042', status: 'validated' });
    expect(decodeCursor(cursor)).to.deep.equal({ after: '00000000000000000042', status: 'validated', updatedSince: undefined });
    expect(decodeCursor(cursor.slice(0, -1))).to.equal(null);
    expect(decodeCursor(`x${cursor}`)).to.equal(null);
    expect(decodeCursor('abc')).to.equal(null);
    const forged = Buffer.from(JSON.stringify({ v: 1, a: '1' })).toString('base64url');
    expect(decodeCursor(`${forged}.whatever`)).to.equal(null);
  });

  it('timestamp: ISO 8601 with Z or an offset (also a + that arrived as a space); nothing else', () => {
    expect(parseTimestamp('2026-01-31T14:00:00Z')?.toISOString()).to.equal('2026-01-31T14:00:00.000Z');
    expect(parseTimestamp('2026-01-31T09:00:00.5-05:00')?.toISOString()).to.equal('2026-01-31T14:00:00.500Z');
    expect(parseTimestamp('2026-01-31T09:00:00 0000')?.toISOString()).to.equal('2026-01-31T09:00:00.000Z');
    for (const bad of ['2026-01-31', '2026-01-31T14:00:00', '2026-02-30T00:00:00Z', 'yesterday', '1706709600', '2026-01-31T25:00:00Z']) {
      expect(parseTimestamp(bad), bad).to.equal(null);
    }
  });

  it('list query: defaults to 25, and every malformed parameter is named', () => {
    expect(parseListQuery({})).to.include({ limit: 25 });
    expect(parseListQuery({ limit: '100', status: 'transmitting' })).to.include({ limit: 100, status: 'transmitting' });
    expect(refusedFields({ limit: '0' })).to.deep.equal(['limit']);
    expect(refusedFields({ limit: '101' })).to.deep.equal(['limit']);
    expect(refusedFields({ limit: '2.5' })).to.deep.equal(['limit']);
    expect(refusedFields({ status: 'pending' })).to.deep.equal(['status']);
    expect(refusedFields({ updated_since: 'yesterday' })).to.deep.equal(['updated_since']);
    expect(refusedFields({ cursor: 'nope' })).to.deep.equal(['cursor']);
    expect(refusedFields({ page: '2' })).to.deep.equal(['page']);
    expect(refusedFields({ status: ['draft', 'issued'] })).to.deep.equal(['status']);
  });

  it('list query: a cursor carries its filters and refuses other ones', () => {
    const cursor = encodeCursor({ after: '00000000000000000042', status: 'draft', updatedSince: '2026-01-31T14:00:00.000Z' });
    expect(parseListQuery({ cursor })).to.include({ status: 'draft', after: '00000000000000000042' });
    expect(parseListQuery({ cursor, status: 'draft', updated_since: '2026-01-31T09:00:00-05:00' }).after).to.equal('00000000000000000042');
    expect(refusedFields({ cursor, status: 'issued' })).to.deep.equal(['cursor']);
  });

  it('merge patch (RFC 7396): objects merge, null removes, arrays and scalars replace', () => {
    const target = { a: 1, b: { c: 2, d: 3 }, e: [1, 2] };
    expect(mergePatch(target, { a: null, b: { c: 9 }, e: [3], f: 'x' })).to.deep.equal({ b: { c: 9, d: 3 }, e: [3], f: 'x' });
    expect(target).to.deep.equal({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] });
  });

  it('merge patch: a member named __proto__ is merged as a member, never made the prototype', () => {
    const merged = mergePatch({ a: 1, b: {} }, JSON.parse('{"__proto__": {"items": []}, "b": {"__proto__": {"c": 1}}}')) as Record<string, any>;

    expect(Object.getPrototypeOf(merged)).to.equal(Object.prototype);
    expect(Object.getPrototypeOf(merged.b)).to.equal(Object.prototype);
    expect(Object.keys(merged)).to.deep.equal(['a', 'b', '__proto__']);
    expect(JSON.stringify(merged)).to.equal('{"a":1,"b":{"__proto__":{"c":1}},"__proto__":{"items":[]}}');
    expect(Object.keys(mergePatch(merged, JSON.parse('{"__proto__": null}')) as object)).to.deep.equal(['a', 'b']);
  });
});
