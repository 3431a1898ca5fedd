import { expect } from 'chai';
import type { NumberingResolution } from '../../../domain/numbering/numbering-resolution.ts';
import { initialRangeState } from '../../../domain/numbering/range-state.ts';
import { usageOf, usageWarnings } from '../../../domain/numbering/resolution-usage.ts';

const resolution: NumberingResolution = {
  id: 'r1',
  tenantId: 't-1',
  environment: 'test',
  family: 'sales-invoice',
  prefix: 'FE',
  from: 1,
  to: 100,
  number: '18764000001',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  technicalKey: null,
  registeredAt: '2026-01-01T00:00:00.000Z',
  retiredAt: null,
};
const usedUpTo = (assigned: number, reserved = 0) => {
  const state = initialRangeState(1);
  state.next = 1 + assigned;
  for (let i = 0; i < reserved; i += 1) state.reserved.set(`d${i}`, '2026-01-01T00:00:00.000Z');
  return state;
};
const codes = (assigned: number, reserved: number, today: string, on = resolution) => usageWarnings(usageOf(on, usedUpTo(assigned, reserved), today)).map((w) => w.code);

describe('resolution usage and warnings', () => {
  it('given 100 numbers with 80 assigned and 5 reserved, then 15 remain, the last number is FE80, and days to expiry count from today', () => {
    const usage = usageOf(resolution, usedUpTo(80, 5), '2026-12-01');
    expect(usage).to.include({ size: 100, assigned: 80, reserved: 5, remaining: 15, lastNumber: 'FE80', daysToExpiry: 30 });
  });

  it('given 11 numbers left of 100, then no warning; given 10 (10 %), then resolution_running_out', () => {
    expect(codes(89, 0, '2026-06-01')).to.deep.equal([]);
    expect(codes(85, 5, '2026-06-01')).to.deep.equal(['resolution_running_out']);
  });

  it('given 31 days to valid_to, then no warning; given 30, then resolution_expiring with the days left', () => {
    expect(codes(0, 0, '2026-11-30')).to.deep.equal([]);
    const [warning] = usageWarnings(usageOf(resolution, usedUpTo(0), '2026-12-01'));
    expect(warning).to.deep.include({ code: 'resolution_expiring' });
    expect(warning.details).to.include({ days_left: 30, valid_to: '2026-12-31', prefix: 'FE' });
  });

  it('given a retired or already expired resolution, then it warns of nothing', () => {
    expect(codes(100, 0, '2026-12-20', { ...resolution, retiredAt: '2026-02-01T00:00:00.000Z' })).to.deep.equal([]);
    expect(codes(100, 0, '2027-01-01')).to.deep.equal([]);
  });
});
