import type { CommercialView } from '../commercial/commercial-view.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

/**
 * What a note says about the document it corrects, in the order CreditNote and DebitNote share: the billing period
 * (a note without an invoice), the concept (DiscrepancyResponse) and the referenced document with its unique code.
 */
export function noteReferences(root: XmlNode, view: CommercialView): void {
  const { correction, reference } = view;
  if (correction?.billingPeriod) {
    const period = child(root, 'cac:InvoicePeriod');
    child(period, 'cbc:StartDate', correction.billingPeriod.start_date);
    child(period, 'cbc:EndDate', correction.billingPeriod.end_date);
  }
  if (correction) {
    const discrepancy = child(root, 'cac:DiscrepancyResponse');
    if (reference) child(discrepancy, 'cbc:ReferenceID', reference.number);
    child(discrepancy, 'cbc:ResponseCode', correction.concept);
    child(discrepancy, 'cbc:Description', correction.conceptName);
  }
  if (reference) {
    const document = child(child(root, 'cac:BillingReference'), 'cac:InvoiceDocumentReference');
    child(document, 'cbc:ID', reference.number);
    child(document, 'cbc:UUID', reference.uniqueCode, { schemeName: reference.family === 'support-document' ? 'CUDS-SHA384' : 'CUFE-SHA384' });
    child(document, 'cbc:IssueDate', reference.issueDate);
  }
}
