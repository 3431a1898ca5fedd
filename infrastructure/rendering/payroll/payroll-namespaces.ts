import { SIGNATURE_PREFIXES } from '../../signing/dian-signature-policy.ts';

const DIAN = 'dian:gov:co:facturaelectronica';

/** Namespaces and schema names of DIAN's payroll XSDs v1.0.6 (reference §9). */
export const PAYROLL_SCHEMAS = {
  individual: { namespace: `${DIAN}:NominaIndividual`, root: 'NominaIndividual', xsd: 'NominaIndividualElectronicaXSD.xsd' },
  adjustment: { namespace: `${DIAN}:NominaIndividualDeAjuste`, root: 'NominaIndividualDeAjuste', xsd: 'NominaIndividualDeAjusteElectronicaXSD.xsd' },
} as const;

type PayrollSchema = (typeof PAYROLL_SCHEMAS)[keyof typeof PAYROLL_SCHEMAS];

/** The root's required SchemaLocation attribute: namespace and schema file, as DIAN's samples write it. */
export function payrollRootAttributes(schema: PayrollSchema): Record<string, string> {
  return {
    'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
    ...SIGNATURE_PREFIXES,
    SchemaLocation: `${schema.namespace} ${schema.xsd}`,
  };
}
