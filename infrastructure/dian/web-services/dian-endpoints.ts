import type { DianSettings } from '../../config/provider-config.ts';

/** DIAN's habilitación and production services (reference dian-webservices.md §1). */
export const DIAN_HABILITACION_URL = 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc';
export const DIAN_PRODUCTION_URL = 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc';

/** Which of DIAN's operations a call is: payroll's SendNominaSync may live at DIAN_PAYROLL_URL. */
export type DianServiceKind = 'documents' | 'payroll';

/** The endpoint for an environment (`test` → habilitación, `live` → production) unless DIAN_URL / DIAN_PAYROLL_URL say otherwise. */
export function dianEndpoint(settings: Pick<DianSettings, 'url' | 'payrollUrl'>, environment: string, kind: DianServiceKind = 'documents'): string {
  if (kind === 'payroll' && settings.payrollUrl) return settings.payrollUrl;
  if (settings.url) return settings.url;
  return environment === 'live' ? DIAN_PRODUCTION_URL : DIAN_HABILITACION_URL;
}
