import { normalizeItem } from '../sales-invoice/normalize-sales-invoice.ts';
import type { SupportDocumentBody, SupportDocumentItem, SupportDocumentProvider } from './support-document-body.ts';

/** Fills the documented defaults (provider country CO; line defaults; no withholdings), as the sales invoice does. */
export function normalizeSupportDocument(body: SupportDocumentBody): SupportDocumentBody {
  const { provider } = body;
  return {
    ...body,
    ...(provider && { provider: normalizeProvider(provider) }),
    items: (body.items ?? []).map(normalizeSupportDocumentItem),
  };
}

/** Country CO when omitted; nothing else is invented (a provider has no responsibilities or tribute code). */
export function normalizeProvider(provider: SupportDocumentProvider): SupportDocumentProvider {
  return { ...provider, country_code: provider.country_code ?? 'CO' };
}

/** Sales-invoice line defaults plus withholding_taxes []. */
export function normalizeSupportDocumentItem(item: SupportDocumentItem): SupportDocumentItem {
  return { ...normalizeItem(item), withholding_taxes: item.withholding_taxes ?? [] };
}
