import type { CommercialView } from '../commercial/commercial-view.ts';
import { commercialQrText } from '../commercial/commercial-qr-text.ts';
import type { RenderContext } from '../render-context.ts';
import type { XmlNode } from '../xml/xml-node.ts';
import { dianExtensions } from './dian-extensions.ts';
import { partyElement } from './parties.ts';
import { ublHead, type HeadSpec } from './ubl-head.ts';
import { ublProfileOf } from './ubl-profiles.ts';

/** DianExtensions and the head every UBL root opens with; the root file adds what sits between. */
export function ublOpening(root: XmlNode, context: RenderContext, view: CommercialView, extra: Pick<HeadSpec, 'typeCode' | 'dueDate'>): void {
  const profile = ublProfileOf(context.family.name);
  dianExtensions(root, context, { invoiceControl: extra.typeCode?.element === 'cbc:InvoiceTypeCode', qrText: commercialQrText(context, view) });
  ublHead(root, context, {
    ...extra,
    customizationId: profile.customizationId(view),
    profileId: profile.profileId,
    notes: view.observation ? [view.observation] : [],
    lineCount: view.lines.length,
  });
}

/** The supplier's commercial registration goes under the prefix of the range that numbers the document. */
export function ublParties(root: XmlNode, view: CommercialView, context: RenderContext): void {
  partyElement(root, 'cac:AccountingSupplierParty', view.supplier, context.range.prefix);
  partyElement(root, 'cac:AccountingCustomerParty', view.customer);
}
