import { createHash } from 'node:crypto';
import type { DocumentFacts } from './document-facts.ts';
import { escapeXml, NS } from './namespaces.ts';

/** One LineResponse of DIAN's ApplicationResponse after the first: a rule it reports. */
export interface RuleLine {
  code: string;
  text: string;
}

/** `Regla: FAJ43b, Notificación: text` → { code: 'FAJ43b', text }. */
export function ruleLineOf(line: string): RuleLine {
  const match = /^Regla: ([^,]+), (?:Rechazo|Notificación): (.*)$/s.exec(line);
  return match ? { code: match[1], text: match[2] } : { code: '', text: line };
}

function colombianInstant(now: Date): { date: string; time: string } {
  const local = new Date(now.getTime() - 5 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: `${local.slice(11, 19)}-05:00` };
}

const DIAN_NIT = '800197268';
const DIAN_NAME = 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales';

/**
 * DIAN's validation answer as an UBL ApplicationResponse (reference §4, [NOM] §3.7.3): ResponseCode 02 "Documento
 * validado por la DIAN" or 04 "Documento Rechazado por la DIAN", a first LineResponse 0000 (clean) or 0001 (with
 * notifications) and one LineResponse per rule, the DocumentReference naming the number and the key. Unsigned: the
 * double has no DIAN key, and clients only read it.
 */
export function dianApplicationResponse(facts: DocumentFacts, accepted: boolean, rules: readonly string[], now: Date): string {
  const { date, time } = colombianInstant(now);
  const id = `${Math.floor(now.getTime() / 1000)}`;
  const uuid = createHash('sha384').update(`${facts.uniqueCode}|${accepted}|${now.toISOString()}`).digest('hex');
  const party = (role: string, nit: string, name: string) => `<cac:${role}><cac:PartyTaxScheme><cbc:RegistrationName>${escapeXml(name)}</cbc:RegistrationName>`
    + `<cbc:CompanyID schemeAgencyID="195" schemeName="31">${escapeXml(nit)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:PartyTaxScheme></cac:${role}>`;
  const line = (lineId: number, code: string, description: string) => `<cac:LineResponse><cac:LineReference><cbc:LineID>${lineId}</cbc:LineID></cac:LineReference>`
    + `<cac:Response><cbc:ResponseCode>${escapeXml(code)}</cbc:ResponseCode><cbc:Description>${escapeXml(description)}</cbc:Description></cac:Response></cac:LineResponse>`;
  const first = accepted ? line(1, rules.length === 0 ? '0000' : '0001', rules.length === 0 ? '0' : 'Documento validado con notificaciones') : '';
  const ruleLines = rules.map((rule, index) => {
    const { code, text } = ruleLineOf(rule);
    return line(index + (accepted ? 2 : 1), code, text);
  });
  return '<?xml version="1.0" encoding="utf-8" standalone="no"?>'
    + `<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`
    + '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:CustomizationID>1</cbc:CustomizationID><cbc:ProfileID>DIAN 2.1</cbc:ProfileID><cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>'
    + `<cbc:ID>${id}</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">${uuid}</cbc:UUID><cbc:IssueDate>${date}</cbc:IssueDate><cbc:IssueTime>${time}</cbc:IssueTime>`
    + party('SenderParty', DIAN_NIT, DIAN_NAME) + party('ReceiverParty', facts.issuerNit, facts.issuerNit)
    + '<cac:DocumentResponse>'
    + `<cac:Response><cbc:ResponseCode>${accepted ? '02' : '04'}</cbc:ResponseCode><cbc:Description>${accepted ? 'Documento validado por la DIAN' : 'Documento Rechazado por la DIAN'}</cbc:Description></cac:Response>`
    + `<cac:DocumentReference><cbc:ID>${escapeXml(facts.number)}</cbc:ID><cbc:UUID schemeName="${facts.type.startsWith('Nomina') ? 'CUNE-SHA384' : 'CUFE-SHA384'}">${escapeXml(facts.uniqueCode)}</cbc:UUID></cac:DocumentReference>`
    + first + ruleLines.join('')
    + '</cac:DocumentResponse></ApplicationResponse>';
}
