import { IDENTIFICATION_DOCUMENT_TYPES } from './identification-document-types.ts';

const PAYROLL_CODES = new Set(['11', '12', '13', '21', '22', '31', '41', '42', '47', '50', '91']);

/**
 * Document types of a worker (payroll annex §5.5, reference §9.1): the invoicing list without 48 PPT,
 * which the payroll annex v1.0 does not list.
 */
export const PAYROLL_IDENTIFICATION_DOCUMENT_TYPES: ReadonlyMap<string, string> = new Map(
  [...IDENTIFICATION_DOCUMENT_TYPES].filter(([code]) => PAYROLL_CODES.has(code)),
);
