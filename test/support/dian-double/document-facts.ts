import { X509Certificate } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { descendant, firstChild, parseXmlStrict } from './soap-request.ts';
import { NS } from './namespaces.ts';

/** What the double reads from a document it receives: enough to store it, answer for it and report it. */
export interface DocumentFacts {
  /** The root element's local name: Invoice, CreditNote, DebitNote, NominaIndividual, NominaIndividualDeAjuste, ApplicationResponse, … */
  type: string;
  /** The full number: cbc:ID, or NumeroSecuenciaXML/@Numero for payroll. */
  number: string;
  /** The prefix part of the number (letters before the digits; payroll's @Prefijo). */
  prefix: string;
  /** The consecutive part of the number. */
  consecutive: string;
  /** CUFE/CUDE (cbc:UUID) or CUNE (InformacionGeneral/@CUNE). */
  uniqueCode: string;
  /** The issuer's NIT: the supplier's (the customer's for a documento soporte), the sender's of an ApplicationResponse, the Empleador's. */
  issuerNit: string;
  /** The NIT the first KeyInfo certificate carries (its subject serialNumber), when it has one. */
  certificateNit: string | null;
  /** The XML entry's name, without extension as DIAN reports it in XmlFileName. */
  fileName: string;
  xml: string;
}

const SUPPORT_DOCUMENT_PROFILE = /documento soporte|Nota de ajuste al documento soporte/i;

function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').trim();
}

function companyId(root: Element, partyRole: string): string {
  const party = firstChild(root, NS.cac, partyRole);
  const scheme = party ? descendant(party, NS.cac, 'PartyTaxScheme') : null;
  return text(scheme ? firstChild(scheme, NS.cbc, 'CompanyID') : null);
}

function certificateNitOf(root: Element): string | null {
  const certificate = descendant(root, NS.ds, 'X509Certificate');
  if (!certificate) return null;
  try {
    const subject = new X509Certificate(Buffer.from(text(certificate), 'base64')).subject;
    return /(?:^|\n)serialNumber=([^\n]+)/.exec(subject)?.[1].replace(/\D/g, '') || null;
  } catch {
    return null;
  }
}

function payrollFacts(root: Element): Pick<DocumentFacts, 'number' | 'prefix' | 'consecutive' | 'uniqueCode' | 'issuerNit'> {
  const ns = root.namespaceURI ?? '';
  const sequence = descendant(root, ns, 'NumeroSecuenciaXML');
  const general = descendant(root, ns, 'InformacionGeneral');
  const employer = descendant(root, ns, 'Empleador');
  return {
    number: sequence?.getAttribute('Numero') ?? '',
    prefix: sequence?.getAttribute('Prefijo') ?? '',
    consecutive: sequence?.getAttribute('Consecutivo') ?? '',
    uniqueCode: general?.getAttribute('CUNE') ?? '',
    issuerNit: employer?.getAttribute('NIT') ?? '',
  };
}

function ublFacts(root: Element): Pick<DocumentFacts, 'number' | 'prefix' | 'consecutive' | 'uniqueCode' | 'issuerNit'> {
  const number = text(firstChild(root, NS.cbc, 'ID'));
  const [, prefix = '', consecutive = number] = /^([A-Za-z]*)(\d+)$/.exec(number) ?? [];
  const supportDocument = SUPPORT_DOCUMENT_PROFILE.test(text(firstChild(root, NS.cbc, 'ProfileID')));
  const issuerNit = root.localName === 'ApplicationResponse'
    ? companyId(root, 'SenderParty')
    : companyId(root, supportDocument ? 'AccountingCustomerParty' : 'AccountingSupplierParty');
  return { number, prefix, consecutive, uniqueCode: text(firstChild(root, NS.cbc, 'UUID')), issuerNit };
}

/** Reads the facts; throws when the XML does not parse. */
export function documentFacts(entryName: string, xml: string): DocumentFacts {
  const root = parseXmlStrict(xml).documentElement!;
  const payroll = root.localName?.startsWith('Nomina') ?? false;
  const facts = payroll ? payrollFacts(root) : ublFacts(root);
  return {
    type: root.localName ?? '',
    ...facts,
    certificateNit: certificateNitOf(root),
    fileName: entryName.split('/').at(-1)!.split('.')[0],
    xml,
  };
}

/** DIAN's duplicate key: issuer NIT + document class + number (invoice types count as one, reference §5). */
export function duplicateKey(facts: DocumentFacts): string {
  return `${facts.issuerNit}|${facts.type}|${facts.number}`;
}
