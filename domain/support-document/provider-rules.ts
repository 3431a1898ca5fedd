import { LEGAL_ORGANIZATIONS } from '../catalogs/legal-organizations.ts';
import { checkPartyIdentification } from '../sales-invoice/customer-identification-rules.ts';
import { checkPartyLocation } from '../sales-invoice/customer-rules.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { providerIdentificationCodeRule } from './provider-identification-rule.ts';
import type { SupportDocumentProvider } from './support-document-body.ts';

const NOT_OBLIGED = 'a provider of a support document is a seller not obliged to invoice';

/** The seller of a support document or adjustment note: identification, name, address, location; no tax profile. */
export function checkProvider(provider: SupportDocumentProvider | undefined): ValidationIssue[] {
  if (provider === undefined) return [{ field: 'provider', message: 'is required' }];
  return [
    ...checkPartyIdentification(provider, 'provider', providerIdentificationCodeRule),
    requiredTextIssue('provider.names', provider.names, "the provider's full name or business name"),
    requiredTextIssue('provider.address', provider.address, "the provider's address"),
    codeFieldIssue('provider.legal_organization', provider.legal_organization, LEGAL_ORGANIZATIONS,
      'a legal organization type', { required: false }),
    provider.responsibilities === undefined ? undefined : {
      field: 'provider.responsibilities',
      message: `must not be sent: ${NOT_OBLIGED} and carries no fiscal responsibilities; remove the field`,
    },
    provider.tribute_code === undefined ? undefined : {
      field: 'provider.tribute_code',
      message: `must not be sent: ${NOT_OBLIGED} and carries no tribute code; remove the field`,
    },
    ...checkPartyLocation(provider, 'provider'),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}

function requiredTextIssue(field: string, value: string | undefined, what: string): ValidationIssue | undefined {
  if (value === undefined || value.trim() === '') return { field, message: `is required on a support document: ${what}` };
  return undefined;
}
