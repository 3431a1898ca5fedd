import { DIAN, DIAN_AGENCY, NIT_DOCUMENT_TYPE } from '../dian-constants.ts';
import type { RenderContext } from '../render-context.ts';
import { signatureExtension } from '../signature-extension.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

const UNECE = {
  listAgencyID: '6',
  listAgencyName: 'United Nations Economic Commission for Europe',
  listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
};

/**
 * ext:UBLExtensions with sts:DianExtensions: numbering resolution (invoices and support documents only), country,
 * software, security code, DIAN as authorization provider, and the QR content; then the empty extension the XAdES
 * signature goes in.
 */
export function dianExtensions(root: XmlNode, context: RenderContext, options: { invoiceControl: boolean; qrText: string }): void {
  const ublExtensions = child(root, 'ext:UBLExtensions');
  const content = child(child(ublExtensions, 'ext:UBLExtension'), 'ext:ExtensionContent');
  const extensions = child(content, 'sts:DianExtensions');
  if (options.invoiceControl) invoiceControl(extensions, context);
  child(child(extensions, 'sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', UNECE);
  const software = child(extensions, 'sts:SoftwareProvider');
  child(software, 'sts:ProviderID', context.issuer.nit, { ...DIAN_AGENCY, schemeID: context.issuer.dv, schemeName: NIT_DOCUMENT_TYPE });
  child(software, 'sts:SoftwareID', context.softwareId, DIAN_AGENCY);
  child(extensions, 'sts:SoftwareSecurityCode', context.softwareSecurityCode, DIAN_AGENCY);
  child(child(extensions, 'sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', DIAN.nit, {
    ...DIAN_AGENCY,
    schemeID: DIAN.dv,
    schemeName: NIT_DOCUMENT_TYPE,
  });
  child(extensions, 'sts:QRCode', options.qrText);
  signatureExtension(ublExtensions);
}

function invoiceControl(parent: XmlNode, { range, authorizationPeriod }: RenderContext): void {
  const control = child(parent, 'sts:InvoiceControl');
  child(control, 'sts:InvoiceAuthorization', range.resolution);
  const period = child(control, 'sts:AuthorizationPeriod');
  child(period, 'cbc:StartDate', authorizationPeriod.start);
  child(period, 'cbc:EndDate', authorizationPeriod.end);
  const authorized = child(control, 'sts:AuthorizedInvoices');
  child(authorized, 'sts:Prefix', range.prefix);
  child(authorized, 'sts:From', String(range.from));
  child(authorized, 'sts:To', String(range.to));
}
