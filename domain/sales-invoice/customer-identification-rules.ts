import { CITIZEN_ID_CARD, IDENTIFICATION_DOCUMENT_TYPES, NIT } from '../catalogs/identification-document-types.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { nitCheckDigit } from '../shared/nit-check-digit.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { SalesInvoiceCustomer } from './sales-invoice-body.ts';

const NIT_MAX_DIGITS = 15;
const DIGITS_ONLY = new Set([NIT, CITIZEN_ID_CARD]);

/** Document type, identification number and, for a NIT, the check digit. */
export function checkCustomerIdentification(customer: SalesInvoiceCustomer): ValidationIssue[] {
  const { identification_document_code: code, identification, dv } = customer;
  const issues: ValidationIssue[] = [];
  const codeIssue = codeFieldIssue('customer.identification_document_code', code, IDENTIFICATION_DOCUMENT_TYPES,
    'a known identification document type', { required: true });
  if (codeIssue) issues.push(codeIssue);
  const numberIssue = identificationIssue(code, identification);
  if (numberIssue) issues.push(numberIssue);
  else if (code === NIT && dv !== undefined) {
    const expected = nitCheckDigit(identification);
    if (dv !== expected) {
      issues.push({ field: 'customer.dv', message: `is "${dv}"; the check digit of NIT ${identification} is ${expected}` });
    }
  }
  return issues;
}

function identificationIssue(code: string, identification: string | undefined): ValidationIssue | undefined {
  const field = 'customer.identification';
  if (identification === undefined || identification === '') return { field, message: 'is required' };
  if (DIGITS_ONLY.has(code) && !/^\d+$/.test(identification)) {
    return { field, message: `must contain only digits (no dots, spaces, dashes or check digit) for document type ${code}; got "${identification}"` };
  }
  if (code === NIT && identification.length > NIT_MAX_DIGITS) {
    return { field, message: `has ${identification.length} digits; a NIT has at most ${NIT_MAX_DIGITS} (without the check digit)` };
  }
  return undefined;
}
