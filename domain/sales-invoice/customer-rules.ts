import { COLOMBIA, COUNTRIES } from '../catalogs/countries.ts';
import { CUSTOMER_TRIBUTES } from '../catalogs/customer-tributes.ts';
import { FISCAL_RESPONSIBILITIES } from '../catalogs/fiscal-responsibilities.ts';
import { LEGAL_ORGANIZATIONS } from '../catalogs/legal-organizations.ts';
import { MUNICIPALITIES } from '../catalogs/municipalities.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkCustomerIdentification } from './customer-identification-rules.ts';
import type { SalesInvoiceCustomer } from './sales-invoice-body.ts';

export function checkCustomer(customer: SalesInvoiceCustomer | undefined): ValidationIssue[] {
  if (customer === undefined) return [{ field: 'customer', message: 'is required' }];
  const issues = [
    ...checkCustomerIdentification(customer),
    codeFieldIssue('customer.legal_organization', customer.legal_organization, LEGAL_ORGANIZATIONS,
      'a legal organization type', { required: true }),
    codeFieldIssue('customer.tribute_code', customer.tribute_code, CUSTOMER_TRIBUTES,
      'a customer tribute code', { required: false }),
    ...(customer.responsibilities ?? []).map((code, index) =>
      codeFieldIssue(`customer.responsibilities[${index}]`, code, FISCAL_RESPONSIBILITIES,
        'a fiscal responsibility in force', { required: true })),
    ...checkPartyLocation(customer, 'customer'),
  ];
  return issues.filter((issue): issue is ValidationIssue => issue !== undefined);
}

/** Country (Colombia when omitted) and, for Colombia, the DIVIPOLA municipality of the party at `prefix`. */
export function checkPartyLocation(
  party: { country_code?: string; municipality_code?: string },
  prefix: string,
): ValidationIssue[] {
  const country = party.country_code ?? COLOMBIA;
  return [
    codeFieldIssue(`${prefix}.country_code`, party.country_code, COUNTRIES,
      'a country code of the DIAN list (ISO 3166-1 alpha-2)', { required: false }),
    country === COLOMBIA
      ? codeFieldIssue(`${prefix}.municipality_code`, party.municipality_code, MUNICIPALITIES,
        'a Colombian municipality code (5-digit DIVIPOLA)', { required: false })
      : undefined,
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}
