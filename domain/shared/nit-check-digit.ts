const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN modulo-11 check digit (DV) of a NIT body of 1 to 15 digits, without the DV itself. */
export function nitCheckDigit(body: string): string {
  if (!/^\d{1,15}$/.test(body)) throw new RangeError(`a NIT body is 1 to 15 digits; got "${body}"`);
  let total = 0;
  for (let position = 0; position < body.length; position++) {
    total += Number(body[body.length - 1 - position]) * WEIGHTS[position];
  }
  const remainder = total % 11;
  return String(remainder <= 1 ? remainder : 11 - remainder);
}
