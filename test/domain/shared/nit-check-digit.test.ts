import { expect } from 'chai';
import { nitCheckDigit } from '../../../domain/shared/nit-check-digit.ts';

describe('nitCheckDigit (DIAN modulo-11, reference §4 and V10)', () => {
  const vectors: Array<[string, string]> = [
    ['800197268', '4'],
    ['900825759', '7'],
    ['890903938', '8'],
    ['860034313', '7'],
    ['899999068', '1'],
    ['2343543', '7'],
    ['700085371', '1'],
    ['800199436', '4'],
    ['901456789', '8'],
    ['1234567890', '2'],
    ['222222222222', '7'],
  ];
  for (const [body, expected] of vectors) {
    it(`given NIT body ${body}, when the check digit is computed, then it is ${expected}`, () => {
      expect(nitCheckDigit(body)).to.equal(expected);
    });
  }

  it('given a 15-digit body, when computed, then every weight is used without error', () => {
    expect(nitCheckDigit('123456789012345')).to.match(/^\d$/);
  });

  it('given a body with a dash or more than 15 digits, when computed, then it refuses', () => {
    expect(() => nitCheckDigit('900825759-7')).to.throw(RangeError);
    expect(() => nitCheckDigit('1234567890123456')).to.throw(RangeError);
    expect(() => nitCheckDigit('')).to.throw(RangeError);
  });
});
