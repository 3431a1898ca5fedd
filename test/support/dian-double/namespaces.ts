/** Namespaces of DIAN's SOAP messages and data contracts (reference dian-webservices.md §2–§4, §10). */
export const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  wcf: 'http://wcf.dian.colombia',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  arrays: 'http://schemas.microsoft.com/2003/10/Serialization/Arrays',
  dianResponse: 'http://schemas.datacontract.org/2004/07/DianResponse',
  upload: 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse',
  trackIdItem: 'http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId',
  rangeList: 'http://schemas.datacontract.org/2004/07/NumberRangeResponseList',
  range: 'http://schemas.datacontract.org/2004/07/NumberRangeResponse',
  eventResponse: 'http://schemas.datacontract.org/2004/07/EventResponse',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
} as const;

export const ACTION_PREFIX = 'http://wcf.dian.colombia/IWcfDianCustomerServices/';

/** The operations the double answers. */
export const OPERATIONS = [
  'SendBillSync', 'SendBillAsync', 'SendTestSetAsync', 'SendNominaSync', 'SendEventUpdateStatus',
  'GetStatus', 'GetStatusZip', 'GetNumberingRange', 'GetXmlByDocumentKey',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Operations that carry a document (contentFile). */
export const SEND_OPERATIONS: readonly Operation[] = ['SendBillSync', 'SendBillAsync', 'SendTestSetAsync', 'SendNominaSync', 'SendEventUpdateStatus'];

/** The text of XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
