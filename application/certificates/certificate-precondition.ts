import { certificateStanding } from '../../domain/certificates/certificate-expiry.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { Clock } from '../ports/clock.ts';
import type { IssuancePrecondition, IssuanceRequest } from '../documents/issuance-precondition.ts';
import type { Certificates } from './certificates.ts';

/**
 * A live document is refused (422 certificate_expired) when the company's imported certificates have all ended: DIAN
 * would reject its signature. The test environment falls back on its generated certificate, and live without any
 * certificate is left to the provider (Factus signs as a third party; the sandbox renders it unsigned).
 */
export class CertificatePrecondition implements IssuancePrecondition {
  constructor(
    private readonly certificates: Certificates,
    private readonly clock: Clock,
  ) {}

  async check({ context }: IssuanceRequest): Promise<void> {
    if (context.environment !== 'live') return;
    const standing = certificateStanding(await this.certificates.registry(context.tenantId, context.environment), this.clock.now());
    if (standing.kind !== 'expired') return;
    const { serialNumber, validTo } = standing.certificate;
    throw new DomainError('certificate_expired', `the company's signing certificate expired at ${validTo}; import its renewal before issuing`, {
      certificate_serial_number: serialNumber,
      valid_to: validTo,
    });
  }
}
