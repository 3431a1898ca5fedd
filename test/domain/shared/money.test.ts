import { expect } from 'chai';
import { Decimal } from 'decimal.js';
import { Money, money, round2, sum, sum2, truncate2 } from '../../../domain/shared/money.ts';

describe('money', () => {
  describe('round2 (half-to-even, reference §5)', () => {
    const cases: Array<[string, string]> = [
      ['0.125', '0.12'],
      ['0.135', '0.14'],
      ['0.145', '0.14'],
      ['2.675', '2.68'],
      ['5.025', '5.02'],
      ['0.1251', '0.13'],
      ['0.124', '0.12'],
      ['10', '10.00'],
      ['-0.125', '-0.12'],
      ['-0.001', '0.00'],
    ];
    for (const [input, expected] of cases) {
      it(`given ${input}, when rounded, then it is ${expected}`, () => {
        expect(round2(input)).to.equal(expected);
      });
    }
  });

  describe('truncate2 (unique codes, V11)', () => {
    const cases: Array<[string, string]> = [
      ['262.569', '262.56'],
      ['12.999', '12.99'],
      ['0', '0.00'],
      ['1500000', '1500000.00'],
    ];
    for (const [input, expected] of cases) {
      it(`given ${input}, when truncated, then it is "${expected}"`, () => {
        expect(truncate2(input)).to.equal(expected);
      });
    }
  });

  describe('money()', () => {
    it('given one of its own decimals, then it is used as is; given a decimal of the default configuration, then it is taken into money’s', () => {
      const own = money('1.005');
      expect(money(own)).to.equal(own);
      const other = new Decimal('0.125');
      const taken = money(other);
      expect(taken).to.be.instanceOf(Money).and.not.equal(other);
      expect(taken.toDecimalPlaces(2).toFixed(2)).to.equal('0.12');
      expect(other.toDecimalPlaces(2).toFixed(2)).to.equal('0.13');
    });

    it('given a string parsed before, then the same decimal is answered (parsed once); a different string gets its own', () => {
      const rate = money('19.00');
      expect(money('19.00')).to.equal(rate);
      expect(money('19.0')).to.not.equal(rate);
      expect(money('19.0').equals(rate)).to.equal(true);
      expect(money('19.00').toFixed(2)).to.equal('19.00');
    });

    it('given more distinct strings than it keeps, then each is still parsed exactly, and one not a decimal still throws', () => {
      for (let index = 0; index < 5_000; index += 1) expect(money(`${index}.25`).times(4).toFixed(0)).to.equal(String(index * 4 + 1));
      expect(() => money('12,5')).to.throw(/Invalid argument/);
      expect(() => money('12,5')).to.throw(/Invalid argument/);
    });
  });

  describe('sums', () => {
    it('given amounts whose float sum is inexact, when summed, then the decimal sum is exact', () => {
      expect(sum(['0.10', '0.20']).equals(money('0.30'))).to.equal(true);
      expect(sum2(['0.10', '0.20', '0.01'])).to.equal('0.31');
    });

    it('given no amounts, when summed, then the sum is 0.00', () => {
      expect(sum2([])).to.equal('0.00');
    });

    it('given a very large amount, when multiplied, then no digit is lost', () => {
      expect(money('99999999999999999.99').times('99999999.99').toFixed()).to.equal('9999999998999999999000000.0001');
    });
  });
});
