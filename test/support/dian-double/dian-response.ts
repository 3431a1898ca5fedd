import { escapeXml, NS } from './namespaces.ts';

/** DianResponse (reference §4) as the double builds it; null fields are written `i:nil="true"`. */
export interface DianResponseFields {
  /** null → nil; [] → empty element. */
  errorMessages: string[] | null;
  isValid: boolean;
  statusCode: string;
  statusDescription: string;
  statusMessage: string | null;
  xmlBase64Bytes: string | null;
  xmlDocumentKey: string | null;
  xmlFileName: string | null;
}

function field(name: string, value: string | null): string {
  return value === null ? `<b:${name} i:nil="true"/>` : `<b:${name}>${escapeXml(value)}</b:${name}>`;
}

/** The fields of a DianResponse in DIAN's (alphabetical) order, with the `b:` prefix bound by the caller. */
export function dianResponseFields(response: DianResponseFields): string {
  const messages = response.errorMessages === null
    ? '<b:ErrorMessage i:nil="true"/>'
    : `<b:ErrorMessage xmlns:c="${NS.arrays}">${response.errorMessages.map((line) => `<c:string>${escapeXml(line)}</c:string>`).join('')}</b:ErrorMessage>`;
  return messages
    + `<b:IsValid>${response.isValid}</b:IsValid>`
    + field('StatusCode', response.statusCode)
    + field('StatusDescription', response.statusDescription)
    + field('StatusMessage', response.statusMessage)
    + field('XmlBase64Bytes', response.xmlBase64Bytes)
    + '<b:XmlBytes i:nil="true"/>'
    + field('XmlDocumentKey', response.xmlDocumentKey)
    + field('XmlFileName', response.xmlFileName);
}

/** StatusCode 89: refused before validation, every other field nil (reference §10). */
export function refused(description: string): DianResponseFields {
  return { errorMessages: null, isValid: false, statusCode: '89', statusDescription: description, statusMessage: null, xmlBase64Bytes: null, xmlDocumentKey: null, xmlFileName: null };
}

/** StatusCode 66: the track id is unknown. */
export function unknownTrack(): DianResponseFields {
  return { errorMessages: [], isValid: false, statusCode: '66', statusDescription: 'TrackId no existe en los registros de la DIAN.', statusMessage: null, xmlBase64Bytes: null, xmlDocumentKey: null, xmlFileName: null };
}

/** StatusCode 98: still being validated. */
export function inProcess(key: string): DianResponseFields {
  return { errorMessages: [], isValid: false, statusCode: '98', statusDescription: 'En Proceso', statusMessage: null, xmlBase64Bytes: null, xmlDocumentKey: key, xmlFileName: null };
}

/** A GetStatusZip item: the batch not processed yet (empty StatusCode). */
export function batchPending(): DianResponseFields {
  return { errorMessages: [], isValid: false, statusCode: '', statusDescription: 'Batch en proceso de validación.', statusMessage: null, xmlBase64Bytes: null, xmlDocumentKey: null, xmlFileName: null };
}

/** A GetStatusZip item: the batch refused (StatusCode 2), the reason in StatusDescription. */
export function batchRefused(reason: string): DianResponseFields {
  return { errorMessages: [], isValid: false, statusCode: '2', statusDescription: reason, statusMessage: null, xmlBase64Bytes: null, xmlDocumentKey: null, xmlFileName: null };
}
