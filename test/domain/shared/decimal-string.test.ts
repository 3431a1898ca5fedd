import { expect } from 'chai';
import { decimalPlaces, isDecimalString } from '../../../domain/shared/decimal-string.ts';
import { isCalendarDate } from '../../../domain/shared/is-calendar-date.ts';

describe('decimal strings and calendar dates', () => {
  it('given plain decimal notation, when checked, then it is a decimal string', () => {
    for (const value of ['0', '10', '10.5', '10.00', '-3.25', '0.125']) expect(isDecimalString(value), value).to.equal(true);
  });

  it('given exponents, signs, commas or stray dots, when checked, then it is not a decimal string', () => {
    for (const value of ['', '1e3', '+1', '1,5', '.5', '5.', '1.2.3', ' 1', 'abc', 'NaN', 'Infinity']) {
      expect(isDecimalString(value), value).to.equal(false);
    }
  });

  it('given a decimal string, when its places are counted, then the digits after the dot are counted', () => {
    expect(decimalPlaces('10')).to.equal(0);
    expect(decimalPlaces('10.5')).to.equal(1);
    expect(decimalPlaces('10.125')).to.equal(3);
  });

  it('given YYYY-MM-DD dates, when checked, then only real calendar days pass', () => {
    expect(isCalendarDate('2024-02-29')).to.equal(true);
    expect(isCalendarDate('2000-02-29')).to.equal(true);
    expect(isCalendarDate('2026-12-31')).to.equal(true);
    expect(isCalendarDate('2023-02-29')).to.equal(false);
    expect(isCalendarDate('1900-02-29')).to.equal(false);
    expect(isCalendarDate('2024-04-31')).to.equal(false);
    expect(isCalendarDate('2024-13-01')).to.equal(false);
    expect(isCalendarDate('2024-00-10')).to.equal(false);
    expect(isCalendarDate('2024/01/01')).to.equal(false);
    expect(isCalendarDate('2024-1-1')).to.equal(false);
  });
});
