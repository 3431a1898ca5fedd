import type { DocumentFamily, ResolvedReference } from './document-family.ts';

type Body = Record<string, unknown>;

/**
 * A note that names the document it corrects may omit its counterparty: the referenced document's is taken
 * (the invoice's customer for a credit or debit note, reference §1.5 and §1.6; the support document's provider
 * for an adjustment note). A body that sends its own party keeps it; without a resolved reference nothing is
 * filled in, so the family's rules still require the party.
 */
export function withReferenceParty(family: DocumentFamily, body: Body, reference: ResolvedReference | null | undefined): Body {
  const field = family.partyField;
  if (!field || !reference?.party || body[field] !== undefined) return body;
  return { ...body, [field]: reference.party };
}

/** The reference as the document records it: its party already lives in the body. */
export function recordedReference(reference: ResolvedReference | null | undefined): ResolvedReference | null {
  if (!reference) return null;
  const { party: _party, ...recorded } = reference;
  return recorded;
}
