import { documentKeyConcatenation, type DocumentKeyFields } from './document-key-concatenation.ts';
import { sha384Hex } from './sha384-hex.ts';

/** CUDE fields: as the CUFE, with the software PIN in place of the technical key. */
export interface CudeFields extends DocumentKeyFields {
  softwarePin: string;
}

export function cudeConcatenation(fields: CudeFields): string {
  return documentKeyConcatenation(fields, fields.softwarePin);
}

/** CUDE of a credit note, debit note or contingency type-03 invoice (reference §2.2). */
export function cude(fields: CudeFields): string {
  return sha384Hex(cudeConcatenation(fields));
}
