const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/** Plain decimal notation: optional leading '-', digits, optional dot followed by digits. No exponent, no '+'. */
export function isDecimalString(value: string): boolean {
  return DECIMAL_STRING.test(value);
}

export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
