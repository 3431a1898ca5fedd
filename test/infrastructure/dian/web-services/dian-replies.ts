/**
 * DIAN-shaped SOAP replies (reference dian-webservices.md §10), written out as DIAN's WCF service serializes them:
 * the operation's response in the default `http://wcf.dian.colombia` namespace, the data contract's fields under
 * `b:` (or other prefixes), ErrorMessage strings under the Arrays namespace, nil fields as `i:nil="true"`.
 */

/** The common envelope of a reply; `result` is the literal `{Op}Result` element. */
function reply(operation: string, result: string): string {
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing" xmlns:u="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd">' +
    `<s:Header><a:Action s:mustUnderstand="1">http://wcf.dian.colombia/IWcfDianCustomerServices/${operation}Response</a:Action>` +
    '<o:Security s:mustUnderstand="1" xmlns:o="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">' +
    '<u:Timestamp u:Id="_0"><u:Created>2026-03-02T15:04:05.123Z</u:Created><u:Expires>2026-03-02T15:09:05.123Z</u:Expires></u:Timestamp></o:Security></s:Header>' +
    `<s:Body><${operation}Response xmlns="http://wcf.dian.colombia">${result}</${operation}Response></s:Body></s:Envelope>`
  );
}

export const CUFE = 'b5c9e3a0d8a2f4f1e7d8c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2';
/** Base64 of `<ApplicationResponse>02</ApplicationResponse>`: a stand-in for DIAN's signed AR. */
export const AR_ACCEPTED_BASE64 = 'PEFwcGxpY2F0aW9uUmVzcG9uc2U+MDI8L0FwcGxpY2F0aW9uUmVzcG9uc2U+';
/** Base64 of `<ApplicationResponse>04</ApplicationResponse>`. */
export const AR_REJECTED_BASE64 = 'PEFwcGxpY2F0aW9uUmVzcG9uc2U+MDQ8L0FwcGxpY2F0aW9uUmVzcG9uc2U+';
export const ZIP_KEY = '3f0c2c7e-5a1b-4c8e-9d2f-6b7a8c9d0e1f';
export const TEST_SET_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

export const VALIDATED = reply('SendBillSync',
  '<SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>' +
  '<b:IsValid>true</b:IsValid><b:StatusCode>00</b:StatusCode><b:StatusDescription>Procesado Correctamente.</b:StatusDescription>' +
  '<b:StatusMessage>La Factura electrónica SETP-990000001, ha sido autorizada.</b:StatusMessage>' +
  `<b:XmlBase64Bytes>${AR_ACCEPTED_BASE64}</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/>` +
  `<b:XmlDocumentKey>${CUFE}</b:XmlDocumentKey><b:XmlFileName>fv09008257590002600000001</b:XmlFileName></SendBillSyncResult>`);

export const VALIDATED_WITH_NOTIFICATIONS = reply('SendBillSync',
  '<SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">' +
  '<c:string>Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.</c:string>' +
  '<c:string>Regla: FAK24, Notificación: No fue informada la dirección.</c:string></b:ErrorMessage>' +
  '<b:IsValid>true</b:IsValid><b:StatusCode>00</b:StatusCode><b:StatusDescription>Procesado Correctamente.</b:StatusDescription>' +
  '<b:StatusMessage>La Factura electrónica SETP-990000002, ha sido autorizada.</b:StatusMessage>' +
  `<b:XmlBase64Bytes>${AR_ACCEPTED_BASE64}</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/>` +
  `<b:XmlDocumentKey>${CUFE}</b:XmlDocumentKey><b:XmlFileName>fv09008257590002600000002</b:XmlFileName></SendBillSyncResult>`);

export const REJECTED = reply('SendBillSync',
  '<SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">' +
  '<c:string>Regla: ZE02, Rechazo: Valor de la firma inválido.</c:string>' +
  '<c:string>Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo</c:string>' +
  '<c:string>Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.</c:string></b:ErrorMessage>' +
  '<b:IsValid>false</b:IsValid><b:StatusCode>99</b:StatusCode><b:StatusDescription>Validación contiene errores en campos mandatorios.</b:StatusDescription>' +
  '<b:StatusMessage>Documento con errores en campos mandatorios.</b:StatusMessage>' +
  `<b:XmlBase64Bytes>${AR_REJECTED_BASE64}</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/>` +
  `<b:XmlDocumentKey>${CUFE}</b:XmlDocumentKey><b:XmlFileName>fv09008257590002600000003</b:XmlFileName></SendBillSyncResult>`);

export const ALREADY_PROCESSED = reply('SendBillSync',
  '<SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"><c:string>Regla: 90, Rechazo: Documento procesado anteriormente.</c:string></b:ErrorMessage>' +
  '<b:IsValid>false</b:IsValid><b:StatusCode>99</b:StatusCode><b:StatusDescription>Validación contiene errores en campos mandatorios.</b:StatusDescription>' +
  '<b:StatusMessage>Documento con errores en campos mandatorios.</b:StatusMessage>' +
  `<b:XmlBase64Bytes>${AR_ACCEPTED_BASE64}</b:XmlBase64Bytes><b:XmlBytes i:nil="true"/>` +
  `<b:XmlDocumentKey>${CUFE}</b:XmlDocumentKey><b:XmlFileName>fv09008257590002600000001</b:XmlFileName></SendBillSyncResult>`);

export const REFUSED_89 = reply('SendBillSync',
  '<SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage i:nil="true" xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>' +
  '<b:IsValid>false</b:IsValid><b:StatusCode>89</b:StatusCode><b:StatusDescription>NIT de la empresa no informado en el certificado.</b:StatusDescription>' +
  '<b:StatusMessage i:nil="true"/><b:XmlBase64Bytes i:nil="true"/><b:XmlBytes i:nil="true"/><b:XmlDocumentKey i:nil="true"/><b:XmlFileName i:nil="true"/></SendBillSyncResult>');

export const IN_PROCESS_98 = reply('GetStatus',
  '<GetStatusResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>' +
  '<b:IsValid>false</b:IsValid><b:StatusCode>98</b:StatusCode><b:StatusDescription>En Proceso</b:StatusDescription><b:StatusMessage/>' +
  `<b:XmlBase64Bytes i:nil="true"/><b:XmlBytes i:nil="true"/><b:XmlDocumentKey>${CUFE}</b:XmlDocumentKey><b:XmlFileName i:nil="true"/></GetStatusResult>`);

/** Other prefixes than `b:`/`c:`/`i:` on purpose: the reader must go by namespace and local name. */
export const UNKNOWN_66 = reply('GetStatus',
  '<GetStatusResult xmlns:d4p1="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  '<d4p1:ErrorMessage xmlns:d5p1="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>' +
  '<d4p1:IsValid>false</d4p1:IsValid><d4p1:StatusCode>66</d4p1:StatusCode><d4p1:StatusDescription>TrackId no existe en los registros de la DIAN.</d4p1:StatusDescription>' +
  '<d4p1:StatusMessage>TrackId no existe en los registros de la DIAN.</d4p1:StatusMessage>' +
  '<d4p1:XmlBase64Bytes xsi:nil="true"/><d4p1:XmlBytes xsi:nil="true"/><d4p1:XmlDocumentKey xsi:nil="true"/><d4p1:XmlFileName xsi:nil="true"/></GetStatusResult>');

const zipItem = (code: string, valid: boolean, description: string, key: string | null, fileName: string | null) =>
  '<b:DianResponse><b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/>' +
  `<b:IsValid>${valid}</b:IsValid><b:StatusCode>${code}</b:StatusCode><b:StatusDescription>${description}</b:StatusDescription><b:StatusMessage/>` +
  (key ? `<b:XmlBase64Bytes>${AR_ACCEPTED_BASE64}</b:XmlBase64Bytes>` : '<b:XmlBase64Bytes i:nil="true"/>') +
  '<b:XmlBytes i:nil="true"/>' +
  (key ? `<b:XmlDocumentKey>${key}</b:XmlDocumentKey>` : '<b:XmlDocumentKey i:nil="true"/>') +
  (fileName ? `<b:XmlFileName>${fileName}</b:XmlFileName>` : '<b:XmlFileName i:nil="true"/>') +
  '</b:DianResponse>';

const zipResult = (items: string) =>
  reply('GetStatusZip', `<GetStatusZipResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${items}</GetStatusZipResult>`);

export const STATUS_ZIP_SEVERAL = zipResult(
  zipItem('00', true, 'Procesado Correctamente.', 'aaaa1111', 'fv09008257590002600000001') + zipItem('98', false, 'En Proceso', 'bbbb2222', 'fv09008257590002600000002'));
export const STATUS_ZIP_PENDING = zipResult(zipItem('', false, 'Batch en proceso de validación.', null, null));
export const STATUS_ZIP_TEST_SET_CLOSED = zipResult(zipItem('2', false, `Set de prueba con identificador ${TEST_SET_ID} se encuentra Aceptado.`, null, null));

export const TEST_SET_UPLOADED = reply('SendTestSetAsync',
  '<SendTestSetAsyncResult xmlns:b="http://schemas.datacontract.org/2004/07/UploadDocumentResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  `<b:ErrorMessageList i:nil="true" xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"/><b:ZipKey>${ZIP_KEY}</b:ZipKey></SendTestSetAsyncResult>`);

export const UPLOAD_REFUSED = reply('SendBillAsync',
  '<SendBillAsyncResult xmlns:b="http://schemas.datacontract.org/2004/07/UploadDocumentResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"><c:XmlParamsResponseTrackId>' +
  '<c:DocumentKey i:nil="true"/><c:ProcessedMessage>Empresa emisora con NIT 900825759 no se encuentra autorizada para enviar documentos por los lotes.</c:ProcessedMessage>' +
  '<c:SenderCode>900825759</c:SenderCode><c:Success>false</c:Success><c:XmlFileName>fv09008257590002600000001</c:XmlFileName>' +
  '</c:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/></SendBillAsyncResult>');

export const NUMBERING_RANGES = reply('GetNumberingRange',
  '<GetNumberingRangeResult xmlns:b="http://schemas.datacontract.org/2004/07/NumberRangeResponseList" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  '<b:OperationCode>100</b:OperationCode><b:OperationDescription>Acción completada OK.</b:OperationDescription>' +
  '<b:ResponseList xmlns:c="http://schemas.datacontract.org/2004/07/NumberRangeResponse"><c:NumberRangeResponse>' +
  '<c:ResolutionNumber>18760000001</c:ResolutionNumber><c:ResolutionDate>2019-01-19</c:ResolutionDate><c:Prefix>SETP</c:Prefix>' +
  '<c:FromNumber>990000000</c:FromNumber><c:ToNumber>995000000</c:ToNumber><c:ValidDateFrom>2019-01-19</c:ValidDateFrom>' +
  '<c:ValidDateTo>2030-01-19</c:ValidDateTo><c:TechnicalKey>fc8eac422eba16e22ffd8c6f94b3f40a6e38162c</c:TechnicalKey>' +
  '</c:NumberRangeResponse></b:ResponseList></GetNumberingRangeResult>');

export const XML_BY_DOCUMENT_KEY = reply('GetXmlByDocumentKey',
  '<GetXmlByDocumentKeyResult xmlns:b="http://schemas.datacontract.org/2004/07/EventResponse" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
  `<b:Code>100</b:Code><b:Message>Accion completada OK</b:Message><b:XmlBytesBase64>${AR_ACCEPTED_BASE64}</b:XmlBytesBase64></GetXmlByDocumentKeyResult>`);

export const SECURITY_FAULT =
  '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing">' +
  '<s:Header><a:Action s:mustUnderstand="1">http://www.w3.org/2005/08/addressing/soap/fault</a:Action></s:Header>' +
  '<s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode>' +
  '<s:Value xmlns:a="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">a:InvalidSecurity</s:Value></s:Subcode></s:Code>' +
  '<s:Reason><s:Text xml:lang="en-US">An error occurred when verifying security for the message.</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>';

export const HTML_503 =
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n' +
  '<HTML><HEAD><TITLE>Service Unavailable</TITLE>\r\n<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n' +
  '<BODY><h2>Service Unavailable</h2>\r\n<hr><p>HTTP Error 503. The service is unavailable.</p>\r\n</BODY></HTML>\r\n';
