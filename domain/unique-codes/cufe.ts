import { documentKeyConcatenation, type DocumentKeyFields } from './document-key-concatenation.ts';
import { sha384Hex } from './sha384-hex.ts';

export interface CufeFields extends DocumentKeyFields {
  /** ClTec: technical key of the DIAN numbering range. */
  technicalKey: string;
}

export function cufeConcatenation(fields: CufeFields): string {
  return documentKeyConcatenation(fields, fields.technicalKey);
}

/** CUFE of a sales invoice (reference §2.1): lowercase hex SHA-384. */
export function cufe(fields: CufeFields): string {
  return sha384Hex(cufeConcatenation(fields));
}
