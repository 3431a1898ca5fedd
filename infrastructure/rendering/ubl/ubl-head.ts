import { CURRENCY } from '../dian-constants.ts';
import type { RenderContext } from '../render-context.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

export interface HeadSpec {
  customizationId: string;
  profileId: string;
  /** InvoiceTypeCode or CreditNoteTypeCode with its value; a DebitNote has none. */
  typeCode?: { element: string; value: string };
  dueDate?: string;
  notes: readonly string[];
  lineCount: number;
}

/** UBLVersionID to LineCountNumeric, in the order Invoice, CreditNote and DebitNote share. */
export function ublHead(root: XmlNode, context: RenderContext, spec: HeadSpec): void {
  const { document, number, uniqueCode, environment, family } = context;
  child(root, 'cbc:UBLVersionID', 'UBL 2.1');
  child(root, 'cbc:CustomizationID', spec.customizationId);
  child(root, 'cbc:ProfileID', spec.profileId);
  child(root, 'cbc:ProfileExecutionID', environment);
  child(root, 'cbc:ID', number);
  child(root, 'cbc:UUID', uniqueCode, { schemeID: environment, schemeName: `${family.uniqueCodeName.toUpperCase()}-SHA384` });
  child(root, 'cbc:IssueDate', document.issueDate);
  child(root, 'cbc:IssueTime', document.issueTime);
  if (spec.dueDate) child(root, 'cbc:DueDate', spec.dueDate);
  if (spec.typeCode) child(root, spec.typeCode.element, spec.typeCode.value);
  for (const note of spec.notes) child(root, 'cbc:Note', note);
  child(root, 'cbc:DocumentCurrencyCode', CURRENCY);
  child(root, 'cbc:LineCountNumeric', String(spec.lineCount));
}
