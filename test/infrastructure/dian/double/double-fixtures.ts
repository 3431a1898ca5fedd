import { X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { renderDocumentArtifact } from '../../../../infrastructure/rendering/render-document-artifact.ts';
import { signXml } from '../../../../infrastructure/signing/sign-xml.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { NS } from '../../../support/dian-double/namespaces.ts';
import { post, signedEnvelope, zipOf, type RequestSigner } from '../../../support/dian-double/signed-request.ts';
import { pkiRenderServices } from '../../../support/signing/pki-render-services.ts';
import type { TestPki } from '../../../support/signing/test-pki.ts';
import { validatedState } from '../../rendering/validated-state.ts';

/** A signed document as the product renders it, with its number and unique code. */
export interface SignedDocument {
  xml: string;
  number: string;
  uniqueCode: string;
}

/** A sales invoice SETP{number}, signed with the PKI's leaf (NIT 900825759). */
export async function signedInvoice(pki: TestPki, number: string): Promise<SignedDocument> {
  const state = validatedState('sales-invoice', sampleInvoice(), { number });
  const xml = (await renderDocumentArtifact(state, 'xml', pkiRenderServices(pki)))!.bytes.toString('utf8');
  return { xml, number, uniqueCode: state.uniqueCode! };
}

/** A payroll (NominaIndividual), signed with the PKI's leaf. */
export async function signedPayroll(pki: TestPki, number: string): Promise<SignedDocument> {
  const state = validatedState('payroll', { ...validPayrollBody() }, { number });
  const xml = (await renderDocumentArtifact(state, 'xml', pkiRenderServices(pki)))!.bytes.toString('utf8');
  return { xml, number, uniqueCode: state.uniqueCode! };
}

export const XML_NAME = 'fv09008257590002600000001.xml';
export const ZIP_NAME = 'z09008257590002600000001.zip';

/** Posts an operation to the double, signed by `signer`. */
export async function call(url: string, signer: RequestSigner, operation: string, params: [string, string | Buffer][], extra: { timeoutMs?: number } = {}) {
  const envelope = signedEnvelope({ url, operation, params, signer });
  return post(url, envelope, { action: `http://wcf.dian.colombia/IWcfDianCustomerServices/${operation}`, ...extra });
}

/** SendBillSync of one document in a ZIP. */
export function sendBillSync(url: string, signer: RequestSigner, xml: string, names = { zip: ZIP_NAME, xml: XML_NAME }) {
  return call(url, signer, 'SendBillSync', [['fileName', names.zip], ['contentFile', zipOf({ [names.xml]: xml })]]);
}

export interface ParsedDianResponse {
  isValid: string;
  statusCode: string;
  statusDescription: string;
  statusMessage: string | null;
  errorMessages: string[];
  xmlBase64Bytes: string | null;
  xmlDocumentKey: string | null;
  xmlFileName: string | null;
}

function field(item: Element, name: string): string | null {
  const element = item.getElementsByTagNameNS(NS.dianResponse, name)[0];
  if (!element || element.getAttributeNS(NS.xsi, 'nil') === 'true') return null;
  return element.textContent ?? '';
}

/** Every b:DianResponse-shaped result in an answer body (the Result element itself, or GetStatusZip's items). */
export function dianResponses(body: string): ParsedDianResponse[] {
  const document = new DOMParser().parseFromString(body, 'application/xml');
  const items = Array.from(document.getElementsByTagNameNS(NS.dianResponse, 'DianResponse'));
  const results = items.length > 0 ? items : Array.from(document.getElementsByTagNameNS(NS.wcf, '*')).filter((element) => element.localName!.endsWith('Result'));
  return results.map((item) => ({
    isValid: field(item, 'IsValid') ?? '',
    statusCode: field(item, 'StatusCode') ?? '',
    statusDescription: field(item, 'StatusDescription') ?? '',
    statusMessage: field(item, 'StatusMessage'),
    errorMessages: Array.from(item.getElementsByTagNameNS(NS.arrays, 'string')).map((line) => line.textContent ?? ''),
    xmlBase64Bytes: field(item, 'XmlBase64Bytes'),
    xmlDocumentKey: field(item, 'XmlDocumentKey'),
    xmlFileName: field(item, 'XmlFileName'),
  }));
}

/** The text of the first element with this namespace and local name. */
export function textOf(body: string, ns: string, localName: string): string | null {
  const element = new DOMParser().parseFromString(body, 'application/xml').getElementsByTagNameNS(ns, localName)[0];
  return element ? element.textContent ?? '' : null;
}

/** The body of an HTTP answer; throws when there was none. */
export function answered(result: Awaited<ReturnType<typeof post>>): { status: number; body: string; contentType: string } {
  if (!('status' in result)) throw new Error(`no HTTP answer: ${JSON.stringify(result)}`);
  return result;
}

/** A RADIAN-style ApplicationResponse (event 030) from NIT 900825759, signed with the PKI's leaf by the product's signer. */
export function signedEvent(pki: TestPki, number: string, cude: string): string {
  const unsigned = '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" '
    + `xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" `
    + 'xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xades="http://uri.etsi.org/01903/v1.3.2#">'
    + '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>'
    + `<cbc:ProfileID>DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta</cbc:ProfileID><cbc:ID>${number}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${cude}</cbc:UUID>`
    + '<cac:SenderParty><cac:PartyTaxScheme><cbc:RegistrationName>HALLTEC S.A.S.</cbc:RegistrationName><cbc:CompanyID schemeAgencyID="195" schemeName="31">900825759</cbc:CompanyID></cac:PartyTaxScheme></cac:SenderParty>'
    + '<cac:DocumentResponse><cac:Response><cbc:ResponseCode>030</cbc:ResponseCode></cac:Response></cac:DocumentResponse></ApplicationResponse>';
  const der = (pem: string) => new X509Certificate(pem).raw;
  return signXml(unsigned, { privateKeyPem: pki.leafKeyPem, chain: [der(pki.leafPem), der(pki.rootPem)] }, '2026-03-02T10:00:00-05:00');
}
