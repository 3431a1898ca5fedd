import { ADJUSTMENT_NOTE_CONCEPTS } from '../../../../../domain/catalogs/adjustment-note-concepts.ts';
import { CREDIT_NOTE_CONCEPTS } from '../../../../../domain/catalogs/credit-note-concepts.ts';
import { DEBIT_NOTE_CONCEPTS } from '../../../../../domain/catalogs/debit-note-concepts.ts';
import type { DocumentFamilyName } from '../../../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../../../domain/documents/document-state.ts';
import type { NoteBody } from '../../../../../domain/notes/note-body.ts';
import type { SupportDocumentBody } from '../../../../../domain/support-document/support-document-body.ts';
import type { SupportDocumentTotals } from '../../../../../domain/support-document/support-document-totals.ts';
import type { CommercialView, CorrectionView, PartyView } from './commercial-view.ts';
import { customerParty, issuerParty, providerParty } from './party-views.ts';

type AnyBody = NoteBody & SupportDocumentBody & { concept?: string };

const CONCEPTS: Partial<Record<DocumentFamilyName, ReadonlyMap<string, string>>> = {
  'credit-note': CREDIT_NOTE_CONCEPTS,
  'debit-note': DEBIT_NOTE_CONCEPTS,
  'adjustment-note': ADJUSTMENT_NOTE_CONCEPTS,
};

/** The invoice, note, support document or adjustment note as its XML and PDF show it. */
export function commercialViewOf(document: DocumentState): CommercialView {
  const body = document.body as AnyBody;
  const totals = document.totals as unknown as SupportDocumentTotals;
  const [supplier, customer] = partiesOf(document, body);
  const correction = correctionOf(document, body);
  return {
    supplier,
    customer,
    lines: (body.items ?? []).map((item, index) => ({
      item,
      totals: totals.lines[index],
      withholdings: totals.lines[index].withholding_taxes ?? [],
    })),
    totals,
    withholdings: totals.withholding_taxes ?? [],
    withholdingTotal: totals.withholding_total ?? '0.00',
    payments: body.payment_details ?? [],
    ...(body.observation && { observation: body.observation }),
    ...(correction && { correction }),
    reference: document.reference,
  };
}

/** On a support document the seller is the provider and the buyer is the issuing company. */
function partiesOf(document: DocumentState, body: AnyBody): [PartyView, PartyView] {
  const issuer = issuerParty(document.issuer!);
  if (body.provider) return [providerParty(body.provider), issuer];
  return [issuer, customerParty(body.customer!)];
}

function correctionOf(document: DocumentState, body: AnyBody): CorrectionView | undefined {
  const concepts = document.family ? CONCEPTS[document.family] : undefined;
  if (!concepts || body.concept === undefined) return undefined;
  return {
    concept: body.concept,
    conceptName: concepts.get(body.concept) ?? body.concept,
    ...(body.billing_period && { billingPeriod: body.billing_period }),
  };
}
