import { expect } from 'chai';
import { judgeCorrectness, validationMs, type DocumentRecord } from '../../bench/service-records.ts';

const record = (n: number, status = 'validated'): DocumentRecord => ({
  id: `doc-${n}`,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  validatedAt: status === 'validated' ? '2026-01-01T00:00:00.057Z' : null,
  number: status === 'validated' ? `SETP${990000000 + n}` : null,
  prefix: status === 'validated' ? 'SETP' : null,
});
const records = (count: number) => Array.from({ length: count }, (_, n) => record(n));

describe('bench end-of-run correctness', () => {
  it('passes every accepted document final with gap-free numbers', () => {
    const c = judgeCorrectness(records(5), 5, 0);
    expect(c).to.include({ ok: true, recorded: 5, final: 5 });
    expect(c.statuses).to.deep.equal({ validated: 5 });
  });

  it('fails a document that is not final', () => {
    expect(judgeCorrectness([...records(4), record(4, 'pending')], 5, 60).ok).to.equal(false);
  });

  it('fails fewer documents than were accepted', () => {
    expect(judgeCorrectness(records(4), 5, 60).ok).to.equal(false);
  });

  it('allows documents of requests whose answers were not counted, and no more', () => {
    expect(judgeCorrectness(records(7), 5, 0, 2).ok).to.equal(true);
    expect(judgeCorrectness(records(8), 5, 0, 2).ok).to.equal(false);
  });

  it('fails a gap in the numbers', () => {
    const gap = records(5).filter((r) => r.id !== 'doc-2');
    expect(judgeCorrectness(gap, 4, 0).ok).to.equal(false);
  });

  it('reads POST → validated from the record, and nothing for a document not validated', () => {
    expect(validationMs(record(1))).to.equal(57);
    expect(validationMs(record(1, 'rejected'))).to.equal(undefined);
  });
});
