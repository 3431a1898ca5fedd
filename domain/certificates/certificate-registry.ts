import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { isValidAt, type StoredCertificate } from './stored-certificate.ts';

/** The signing certificates of one company in one environment, oldest first; none is ever removed. */
export interface CertificateRegistryState {
  certificates: StoredCertificate[];
}

export type CertificateEvent =
  | { type: 'CertificateImported'; data: { tenantId: string; environment: string; certificate: StoredCertificate } }
  | { type: 'TestCertificateGenerated'; data: { tenantId: string; environment: string; certificate: StoredCertificate } }
  /** The same private key, sealed again (with the key that replaced SECRETS_KEY's, or sealed at last when it was kept in the clear). */
  | { type: 'CertificateKeyResealed'; data: { tenantId: string; environment: string; certificateId: string; privateKey: SealedKey; at: string } };

type SealedKey = { protection: 'sealed'; value: string };

export type CertificateCommand =
  | {
      type: 'RecordCertificate';
      tenantId: string;
      environment: string;
      certificate: Omit<StoredCertificate, 'recordedAt'>;
      now: Date;
    }
  | { type: 'ResealKey'; tenantId: string; environment: string; certificateId: string; privateKey: SealedKey; now: Date };

/**
 * Imports are kept whole (older ones re-sign older documents); an import of a certificate already there changes
 * nothing, nor does generating a test certificate where one was generated. An expired certificate is not imported, a
 * generated one never enters live, and only a generated test certificate's key may be kept in the clear.
 */
export const certificateRegistryDecider: Decider<CertificateCommand, CertificateEvent, CertificateRegistryState> = {
  initialState: () => ({ certificates: [] }),
  decide(command, state) {
    if (command.type === 'ResealKey') return decideReseal(command, state);
    const { tenantId, environment, certificate, now } = command;
    const generated = certificate.origin === 'generated-test';
    if (generated && environment !== 'test') throw new DomainError('validation_failed', 'a generated test certificate is only for the test environment');
    if (!generated && certificate.privateKey.protection !== 'sealed') throw new DomainError('validation_failed', 'an imported private key must be sealed');
    if (generated ? state.certificates.some((kept) => kept.origin === 'generated-test') : state.certificates.some((kept) => kept.fingerprint === certificate.fingerprint)) {
      return [];
    }
    if (!generated && Date.parse(certificate.validTo) < now.getTime()) {
      throw new DomainError('certificate_expired', `the certificate expired at ${certificate.validTo}`, { serial_number: certificate.serialNumber, valid_to: certificate.validTo });
    }
    const data = { tenantId, environment, certificate: { ...certificate, recordedAt: now.toISOString() } };
    return [generated ? { type: 'TestCertificateGenerated', data } : { type: 'CertificateImported', data }];
  },
  evolve(state, event) {
    if (event.type !== 'CertificateKeyResealed') return { certificates: [...state.certificates, event.data.certificate] };
    const { certificateId, privateKey } = event.data;
    return { certificates: state.certificates.map((kept) => (kept.certificateId === certificateId ? { ...kept, privateKey } : kept)) };
  },
};

function decideReseal(command: Extract<CertificateCommand, { type: 'ResealKey' }>, state: CertificateRegistryState): CertificateEvent[] {
  const { tenantId, environment, certificateId, privateKey, now } = command;
  const kept = state.certificates.find((certificate) => certificate.certificateId === certificateId);
  if (!kept) throw new DomainError('not_found', `no certificate ${certificateId}`);
  if (privateKey.protection !== 'sealed') throw new DomainError('validation_failed', 'a private key is sealed again, never kept in the clear');
  if (kept.privateKey.value === privateKey.value) return [];
  return [{ type: 'CertificateKeyResealed', data: { tenantId, environment, certificateId, privateKey, at: now.toISOString() } }];
}

/**
 * The certificate that signs at an instant: the latest imported one valid then; in the test environment the generated
 * one when no imported one is (null: none, a test certificate is still to be generated).
 */
export function signingCertificateAt(state: CertificateRegistryState, at: Date): StoredCertificate | null {
  const imported = state.certificates.filter((certificate) => certificate.origin === 'imported' && isValidAt(certificate, at));
  return imported.at(-1) ?? state.certificates.find((certificate) => certificate.origin === 'generated-test') ?? null;
}
