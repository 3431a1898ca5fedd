import type { DocumentFamily, DocumentFamilyName } from './document-family.ts';
import { salesInvoiceFamily } from './families/sales-invoice-family.ts';

export { salesInvoiceFamily };

const REGISTERED: readonly DocumentFamily[] = [salesInvoiceFamily];

export const FAMILIES: ReadonlyMap<DocumentFamilyName, DocumentFamily> = new Map(REGISTERED.map((family) => [family.name, family]));

export function familyNamed(name: DocumentFamilyName): DocumentFamily {
  const family = FAMILIES.get(name);
  if (!family) throw new Error(`no document family named ${name}`);
  return family;
}

export function familyOfStream(streamId: string): DocumentFamily | undefined {
  const category = streamId.slice(0, streamId.indexOf('-'));
  return REGISTERED.find((family) => family.streamCategory === category);
}

export function documentStreamId(family: DocumentFamily, documentId: string): string {
  return `${family.streamCategory}-${documentId}`;
}
