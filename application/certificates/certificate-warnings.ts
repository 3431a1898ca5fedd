import { certificateStanding, EXPIRY_NOTICE_DAYS } from '../../domain/certificates/certificate-expiry.ts';
import type { CompanyWarning, CompanyWarningSource } from '../tenancy/company-warnings.ts';
import type { Certificates } from './certificates.ts';

/**
 * `certificate_expiring` when the company's certificate ends within 30 days (no later one imported), `certificate_expired`
 * when every imported one has ended, and in live `certificate_missing` when none was imported.
 */
export class CertificateWarnings implements CompanyWarningSource {
  constructor(private readonly certificates: Certificates) {}

  async warningsFor(tenantId: string, environment: string, now: Date): Promise<CompanyWarning[]> {
    const standing = certificateStanding(await this.certificates.registry(tenantId, environment), now);
    switch (standing.kind) {
      case 'valid':
        return [];
      case 'none':
        return environment === 'live'
          ? [{ code: 'certificate_missing', message: 'no signing certificate was imported for live: import the company’s PKCS#12 (certificates import)' }]
          : [];
      case 'expiring':
        return [
          {
            code: 'certificate_expiring',
            message: `the signing certificate expires at ${standing.certificate.validTo}, in ${standing.daysLeft} days (notice from ${EXPIRY_NOTICE_DAYS}); import its renewal`,
            details: { serial_number: standing.certificate.serialNumber, valid_to: standing.certificate.validTo, days_left: standing.daysLeft },
          },
        ];
      case 'expired':
        return [
          {
            code: 'certificate_expired',
            message: `the signing certificate expired at ${standing.certificate.validTo}; import its renewal`,
            details: { serial_number: standing.certificate.serialNumber, valid_to: standing.certificate.validTo },
          },
        ];
    }
  }
}
