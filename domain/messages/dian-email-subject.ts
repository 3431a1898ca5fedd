/** One field of the subject: no line breaks (header injection) and no `;` (the separator). */
const field = (value: string) => value.replace(/[\r\n]+/g, ' ').replace(/;/g, ',').trim();

interface DianSubjectFields {
  /** NIT of the issuer, without its check digit. */
  nit: string;
  legalName: string;
  number: string;
  /** DIAN document type code: 01, 91, 92, 05, 95. */
  typeCode: string;
  tradeName: string;
  businessLine?: string;
}

/**
 * The subject DIAN prescribes for e-mailing an electronic document (annex 1.9 §9.1, reference §6):
 * `NIT;Name;Number;Type code;Trade name[;Business line]`, separated by `;` without spaces.
 */
export function dianEmailSubject(fields: DianSubjectFields): string {
  const parts = [fields.nit, fields.legalName, fields.number, fields.typeCode, fields.tradeName || fields.legalName];
  if (fields.businessLine) parts.push(fields.businessLine);
  return parts.map(field).join(';');
}
