import type { DocumentNumbering } from '../../domain/documents/document-numbering.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { softwareSecurityCode } from '../../domain/unique-codes/software-security-code.ts';
import { documentUniqueCode } from '../../domain/unique-codes/document-unique-code.ts';
import type { AssignedNumber } from './document-numbering.ts';

/** The resolution and software recorded on a document numbered with `assigned` (the PIN only enters the security code). */
export function numberingOf({ number, resolution, software }: AssignedNumber): DocumentNumbering {
  return {
    resolution: {
      id: resolution.id,
      number: resolution.number,
      prefix: resolution.prefix,
      from: resolution.from,
      to: resolution.to,
      validFrom: resolution.validFrom,
      validTo: resolution.validTo,
      technicalKey: resolution.technicalKey,
    },
    software: { id: software.id, securityCode: softwareSecurityCode({ softwareId: software.id, softwarePin: software.pin, documentNumber: number }) },
  };
}

/**
 * The document as it reads once numbered: its number, its unique code (CUFE/CUDE/CUDS/CUNE with the resolution's
 * technical key and the software's PIN) and its numbering. What the sandbox validates and what is sent to DIAN.
 */
export function numberedDocument(document: DocumentState, assigned: AssignedNumber): DocumentState {
  const uniqueCode = documentUniqueCode(document, assigned.number, { technicalKey: assigned.resolution.technicalKey, softwarePin: assigned.software.pin });
  return { ...document, number: assigned.number, uniqueCode, numbering: numberingOf(assigned) };
}
