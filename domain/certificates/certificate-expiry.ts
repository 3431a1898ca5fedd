import { DAY_MS } from '../shared/day-ms.ts';
import type { CertificateRegistryState } from './certificate-registry.ts';
import { isValidAt, type StoredCertificate } from './stored-certificate.ts';

export const EXPIRY_NOTICE_DAYS = 30;

export type CertificateStanding =
  | { kind: 'none' }
  | { kind: 'valid'; certificate: StoredCertificate }
  | { kind: 'expiring'; certificate: StoredCertificate; daysLeft: number }
  | { kind: 'expired'; certificate: StoredCertificate };

/**
 * Where the company's imported certificates stand at `now`: the one lasting longest among those valid now (expiring
 * when it ends within 30 days), or, when none is valid, expired if the latest imported one has ended.
 */
export function certificateStanding(state: CertificateRegistryState, now: Date): CertificateStanding {
  const imported = state.certificates.filter((certificate) => certificate.origin === 'imported');
  const valid = imported.filter((certificate) => isValidAt(certificate, now)).sort((a, b) => Date.parse(a.validTo) - Date.parse(b.validTo));
  const longest = valid.at(-1);
  if (longest) {
    const daysLeft = Math.floor((Date.parse(longest.validTo) - now.getTime()) / DAY_MS);
    return daysLeft < EXPIRY_NOTICE_DAYS ? { kind: 'expiring', certificate: longest, daysLeft } : { kind: 'valid', certificate: longest };
  }
  const latest = imported.at(-1);
  if (latest && Date.parse(latest.validTo) < now.getTime()) return { kind: 'expired', certificate: latest };
  return { kind: 'none' };
}
