import { expect } from 'chai';
import { addBusinessDays, isBusinessDay } from '../../../domain/shared/business-days.ts';
import { isColombianHoliday } from '../../../domain/shared/colombian-holidays.ts';

describe('Colombian business days', () => {
  describe('holidays (colombian-holidays package, pinned against the official 2025 and 2026 calendars)', () => {
    const holidays2026 = [
      '2026-01-01', '2026-01-12', '2026-03-23', '2026-04-02', '2026-04-03', '2026-05-01', '2026-05-18', '2026-06-08',
      '2026-06-15', '2026-06-29', '2026-07-20', '2026-08-07', '2026-08-17', '2026-10-12', '2026-11-02', '2026-11-16',
      '2026-12-08', '2026-12-25',
    ];
    it('observes every 2026 holiday', () => {
      for (const date of holidays2026) expect(isColombianHoliday(date), date).to.equal(true);
    });

    it('moves Law 51 of 1983 (Emiliani) holidays to Monday: San José 19 March 2026 (Thursday) is observed Monday the 23rd', () => {
      expect(isColombianHoliday('2026-03-19')).to.equal(false);
      expect(isColombianHoliday('2026-03-23')).to.equal(true);
      expect(isColombianHoliday('2026-01-06')).to.equal(false);
      expect(isColombianHoliday('2026-01-12')).to.equal(true);
    });

    it('follows Easter: Holy Thursday and Good Friday 2026 (Easter 5 April), Ascension +43, Corpus Christi +64, Sacred Heart +71 on Mondays', () => {
      for (const date of ['2026-04-02', '2026-04-03', '2026-05-18', '2026-06-08', '2026-06-15']) expect(isColombianHoliday(date), date).to.equal(true);
      for (const date of ['2026-04-01', '2026-04-06', '2026-05-14', '2026-06-04', '2026-06-12']) expect(isColombianHoliday(date), date).to.equal(false);
    });

    it('follows Easter 2025 (20 April): Holy Thursday 17, Good Friday 18, and Sacred Heart and Saint Peter both on Monday 30 June', () => {
      for (const date of ['2025-04-17', '2025-04-18', '2025-06-02', '2025-06-23', '2025-06-30']) expect(isColombianHoliday(date), date).to.equal(true);
    });

    it('keeps fixed holidays on their day even when it is not a Monday (8 December 2026 is a Tuesday)', () => {
      expect(isColombianHoliday('2026-12-08')).to.equal(true);
      expect(isColombianHoliday('2026-12-07')).to.equal(false);
    });
  });

  describe('isBusinessDay', () => {
    it('is false on Saturdays, Sundays and holidays, true on an ordinary weekday', () => {
      expect(isBusinessDay('2026-02-07')).to.equal(false);
      expect(isBusinessDay('2026-02-08')).to.equal(false);
      expect(isBusinessDay('2026-03-23')).to.equal(false);
      expect(isBusinessDay('2026-02-09')).to.equal(true);
    });
  });

  describe('addBusinessDays', () => {
    it('skips the weekend: 3 business days after Thursday 2026-02-05 is Tuesday the 10th', () => {
      expect(addBusinessDays('2026-02-05', 3)).to.equal('2026-02-10');
    });
    it('skips a Monday-moved holiday: 3 after Friday 2026-03-20 is Thursday the 26th (San José on Monday 23)', () => {
      expect(addBusinessDays('2026-03-20', 3)).to.equal('2026-03-26');
    });
    it('skips Holy Week: 3 after Wednesday 2026-04-01 is Wednesday 8 April', () => {
      expect(addBusinessDays('2026-04-01', 3)).to.equal('2026-04-08');
    });
    it('crosses the year: 3 after Wednesday 2025-12-31 is Tuesday 2026-01-06 (1 January is a holiday)', () => {
      expect(addBusinessDays('2025-12-31', 3)).to.equal('2026-01-06');
    });
    it('counts from a non-business day: 3 after Saturday 2026-02-07 is Wednesday the 11th', () => {
      expect(addBusinessDays('2026-02-07', 3)).to.equal('2026-02-11');
    });
  });
});
