/**
 * File-name patterns of reference dian-webservices.md §7: `{fv|nc|nd|ds|nas|ar}` + NIT(10) + `000` + yy + 8 upper-case
 * hex; payroll `nie|niae` + NIT(10) + yy + 8 hex; the ZIP `z` + the same body. DIAN does not check names; the double
 * records whether they follow the pattern.
 */
const XML_NAME = /^(?:(?:fv|nc|nd|ds|nas|ar)\d{10}000|(?:nie|niae)\d{10})\d{2}[0-9A-F]{8}\.xml$/;
const ZIP_NAME = /^z\d{10}(?:000)?\d{2}[0-9A-F]{8}\.zip$/;

/** null when the XML entry's name follows the pattern; else why not. */
export function xmlNameProblem(name: string): string | null {
  return XML_NAME.test(name) ? null : `"${name}" is not {fv|nc|nd|ds|nas|ar}+NIT(10)+000+yy+8 upper-case hex (or nie|niae+NIT(10)+yy+8 hex) + .xml`;
}

/** null when the ZIP's name follows the pattern; else why not. */
export function zipNameProblem(name: string): string | null {
  return ZIP_NAME.test(name) ? null : `"${name}" is not z+NIT(10)+[000]+yy+8 upper-case hex + .zip`;
}
