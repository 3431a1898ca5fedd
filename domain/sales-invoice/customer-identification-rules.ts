import { CITIZEN_ID_CARD, IDENTIFICATION_DOCUMENT_TYPES, NIT } from '../catalogs/identification-document-types.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { nitCheckDigit } from '../shared/nit-check-digit.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { SalesInvoiceCustomer } from './sales-invoice-body.ts';

const NIT_MAX_DIGITS = 15;
const DIGITS_ONLY = new Set([NIT, CITIZEN_ID_CARD]);

/** The identification fields every party (customer, provider) carries. */
type PartyIdentification = Pick<SalesInvoiceCustomer, 'identification_document_code' | 'identification' | 'dv'>;

/** Decides whether a document type is admitted for a party; undefined when it is. */
export type IdentificationCodeRule = (field: string, code: string | undefined) => ValidationIssue | undefined;

const customerCodeRule: IdentificationCodeRule = (field, code) =>
  codeFieldIssue(field, code, IDENTIFICATION_DOCUMENT_TYPES, 'a known identification document type', { required: true });

/** Document type, identification number and, for a NIT, the check digit. */
export function checkCustomerIdentification(customer: SalesInvoiceCustomer): ValidationIssue[] {
  return checkPartyIdentification(customer, 'customer', customerCodeRule);
}

/** As checkCustomerIdentification, for the party at `prefix` whose document types codeRule admits. */
export function checkPartyIdentification(
  party: PartyIdentification,
  prefix: string,
  codeRule: IdentificationCodeRule,
): ValidationIssue[] {
  const { identification_document_code: code, identification, dv } = party;
  const issues: ValidationIssue[] = [];
  const codeIssue = codeRule(`${prefix}.identification_document_code`, code);
  if (codeIssue) issues.push(codeIssue);
  const numberIssue = identificationIssue(code, identification, `${prefix}.identification`);
  if (numberIssue) issues.push(numberIssue);
  else if (code === NIT && dv !== undefined) {
    const expected = nitCheckDigit(identification);
    if (dv !== expected) {
      issues.push({ field: `${prefix}.dv`, message: `is "${dv}"; the check digit of NIT ${identification} is ${expected}` });
    }
  }
  return issues;
}

function identificationIssue(code: string, identification: string | undefined, field: string): ValidationIssue | undefined {
  if (identification === undefined || identification === '') return { field, message: 'is required' };
  if (DIGITS_ONLY.has(code) && !/^\d+$/.test(identification)) {
    return { field, message: `must contain only digits (no dots, spaces, dashes or check digit) for document type ${code}; got "${identification}"` };
  }
  if (code === NIT && identification.length > NIT_MAX_DIGITS) {
    return { field, message: `has ${identification.length} digits; a NIT has at most ${NIT_MAX_DIGITS} (without the check digit)` };
  }
  return undefined;
}
