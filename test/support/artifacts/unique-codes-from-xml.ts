import { createHash } from 'node:crypto';
import { find, findAll, textAt, type XmlElement } from './xml-tree.ts';

/** The sandbox's keys as the reference documents them: habilitación technical key (§2.1) and software PIN. */
export const HABILITACION_TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
export const SANDBOX_PIN = '12345';

const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest('hex');

/** Σ TaxTotal/TaxAmount of the document-level totals of one tax code, as the XML states them. */
function taxOf(root: XmlElement, code: string): string {
  const total = findAll(root, 'TaxTotal').find((candidate) => textAt(candidate, 'TaxSubtotal/TaxCategory/TaxScheme/ID') === code);
  return total ? textAt(total, 'TaxAmount') : '0.00';
}

function monetaryTotal(root: XmlElement): XmlElement {
  const total = find(root, 'LegalMonetaryTotal') ?? find(root, 'RequestedMonetaryTotal');
  if (!total) throw new Error('no monetary total');
  return total;
}

const companyId = (root: XmlElement, role: string) => textAt(root, `${role}/Party/PartyTaxScheme/CompanyID`);

/** CUFE (with the technical key) or CUDE (with the PIN), from the fields of the UBL XML (reference §2.1, §2.2). */
export function cufeOrCudeFromXml(root: XmlElement, key: string): string {
  const total = monetaryTotal(root);
  return sha384([
    textAt(root, 'ID'), textAt(root, 'IssueDate'), textAt(root, 'IssueTime'), textAt(total, 'LineExtensionAmount'),
    '01', taxOf(root, '01'), '04', taxOf(root, '04'), '03', taxOf(root, '03'), textAt(total, 'PayableAmount'),
    companyId(root, 'AccountingSupplierParty'), companyId(root, 'AccountingCustomerParty'), key, textAt(root, 'ProfileExecutionID'),
  ].join(''));
}

/** CUDS (reference §2.4): the seller is the supplier party (the provider), NITABS the customer party (the issuer). */
export function cudsFromXml(root: XmlElement, pin = SANDBOX_PIN): string {
  const total = monetaryTotal(root);
  return sha384([
    textAt(root, 'ID'), textAt(root, 'IssueDate'), textAt(root, 'IssueTime'), textAt(total, 'LineExtensionAmount'),
    '01', taxOf(root, '01'), textAt(total, 'PayableAmount'),
    companyId(root, 'AccountingSupplierParty'), companyId(root, 'AccountingCustomerParty'), pin, textAt(root, 'ProfileExecutionID'),
  ].join(''));
}

/** CUNE (reference §2.6) from a NominaIndividual, or from the Eliminar of a NominaIndividualDeAjuste (0.00, DocEmp 0). */
export function cuneFromXml(root: XmlElement, pin = SANDBOX_PIN): string {
  const body = find(root, 'Eliminar') ?? root;
  const info = find(body, 'InformacionGeneral')!.attributes;
  const deleting = body !== root;
  const amount = (path: string) => (deleting ? '0.00' : textAt(root, path));
  return sha384([
    find(body, 'NumeroSecuenciaXML')!.attributes.Numero, info.FechaGen, info.HoraGen,
    amount('DevengadosTotal'), amount('DeduccionesTotal'), amount('ComprobanteTotal'),
    find(body, 'Empleador')!.attributes.NIT, deleting ? '0' : find(root, 'Trabajador')!.attributes.NumeroDocumento,
    info.TipoXML, pin, info.Ambiente,
  ].join(''));
}
