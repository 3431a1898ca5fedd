import { sha384Hex } from './sha384-hex.ts';

/** Reference §2.5: SHA-384(software id + PIN + document number), for every document kind. */
interface SoftwareSecurityCodeFields {
  softwareId: string;
  softwarePin: string;
  /** Prefix + consecutive, e.g. SETP990000001. */
  documentNumber: string;
}

export function softwareSecurityCodeConcatenation(fields: SoftwareSecurityCodeFields): string {
  return `${fields.softwareId}${fields.softwarePin}${fields.documentNumber}`;
}

export function softwareSecurityCode(fields: SoftwareSecurityCodeFields): string {
  return sha384Hex(softwareSecurityCodeConcatenation(fields));
}
