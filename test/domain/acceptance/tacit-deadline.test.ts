import { expect } from 'chai';
import { tacitAcceptanceDueAt } from '../../../domain/acceptance/tacit-deadline.ts';

const dueAt = (receivedAt: string) => tacitAcceptanceDueAt(new Date(receivedAt)).toISOString();

describe('tacit acceptance deadline: 00:00 Colombia after the third business day following 032', () => {
  it('across a weekend: 032 on Thursday 2026-02-05 → due Wednesday 2026-02-11 00:00 COT', () => {
    expect(dueAt('2026-02-05T10:00:00-05:00')).to.equal('2026-02-11T05:00:00.000Z');
  });

  it('across a Monday-moved holiday: 032 on Friday 2026-03-20 → due Friday 2026-03-27 00:00 COT (San José on Monday 23)', () => {
    expect(dueAt('2026-03-20T16:00:00-05:00')).to.equal('2026-03-27T05:00:00.000Z');
  });

  it('across Holy Week: 032 on Wednesday 2026-04-01 → due Thursday 2026-04-09 00:00 COT', () => {
    expect(dueAt('2026-04-01T09:00:00-05:00')).to.equal('2026-04-09T05:00:00.000Z');
  });

  it('takes the Colombian date of receipt: 23:30 COT on Friday 2026-03-20 is already Saturday in UTC, still Friday in Colombia', () => {
    expect(dueAt('2026-03-21T04:30:00Z')).to.equal('2026-03-27T05:00:00.000Z');
  });
});
