import { ADJUSTMENT_NOTE_CONCEPTS } from '../../../domain/catalogs/adjustment-note-concepts.ts';
import { CREDIT_NOTE_CONCEPTS } from '../../../domain/catalogs/credit-note-concepts.ts';
import { DEBIT_NOTE_CONCEPTS } from '../../../domain/catalogs/debit-note-concepts.ts';
import { asFamily, isOfFamily, type DocumentOfFamily } from '../../../domain/documents/document-of-family.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { isWithheld } from '../../../domain/withholdings/withheld-totals.ts';
import type { CommercialView, CorrectionView, PartyView } from './commercial-view.ts';
import { customerParty, issuerParty, providerParty } from './party-views.ts';

const COMMERCIAL_FAMILIES = ['sales-invoice', 'credit-note', 'debit-note', 'support-document', 'adjustment-note'] as const;
type CommercialDocument = DocumentOfFamily<(typeof COMMERCIAL_FAMILIES)[number]>;

const CONCEPTS = {
  'credit-note': CREDIT_NOTE_CONCEPTS,
  'debit-note': DEBIT_NOTE_CONCEPTS,
  'adjustment-note': ADJUSTMENT_NOTE_CONCEPTS,
} as const;

/** The invoice, note, support document or adjustment note as its XML and PDF show it. */
export function commercialViewOf(state: DocumentState): CommercialView {
  const document = asFamily(state, ...COMMERCIAL_FAMILIES);
  const { body, totals } = document;
  const withheld = isWithheld(totals) ? totals : undefined;
  const [supplier, customer] = partiesOf(document);
  const correction = correctionOf(document);
  return {
    supplier,
    customer,
    lines: (body.items ?? []).map((item, index) => ({
      item,
      totals: totals.lines[index],
      withholdings: withheld?.lines[index].withholding_taxes ?? [],
    })),
    totals,
    withholdings: withheld?.withholding_taxes ?? [],
    withholdingTotal: withheld?.withholding_total ?? '0.00',
    payments: body.payment_details ?? [],
    ...(body.observation && { observation: body.observation }),
    ...(correction && { correction }),
    reference: document.reference,
  };
}

/** On a support document the seller is the provider and the buyer is the issuing company. */
function partiesOf(document: CommercialDocument): [PartyView, PartyView] {
  const issuer = issuerParty(document.issuer!);
  if (isOfFamily(document, 'support-document', 'adjustment-note')) return [providerParty(document.body.provider!), issuer];
  return [issuer, customerParty(document.body.customer!)];
}

function correctionOf(document: CommercialDocument): CorrectionView | undefined {
  if (!isOfFamily(document, 'credit-note', 'debit-note', 'adjustment-note')) return undefined;
  const { concept } = document.body;
  if (concept === undefined) return undefined;
  const billingPeriod = isOfFamily(document, 'credit-note', 'debit-note') ? document.body.billing_period : undefined;
  return {
    concept,
    conceptName: CONCEPTS[document.family].get(concept) ?? concept,
    ...(billingPeriod && { billingPeriod }),
  };
}
