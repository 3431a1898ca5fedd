import type { DianEnvironment } from './dian-environment.ts';

const CATALOG_HOSTS: Readonly<Record<DianEnvironment, string>> = {
  '1': 'https://catalogo-vpfe.dian.gov.co',
  '2': 'https://catalogo-vpfe-hab.dian.gov.co',
};

/** DIAN lookup URL of a CUFE, CUDE, CUDS or CUNE (reference §2.7). */
export function qrUrl(documentKey: string, environment: DianEnvironment): string {
  return `${CATALOG_HOSTS[environment]}/document/searchqr?documentkey=${encodeURIComponent(documentKey)}`;
}
