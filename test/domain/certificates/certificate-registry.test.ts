import { expect } from 'chai';
import { certificateRegistryDecider, signingCertificateAt, type CertificateRegistryState } from '../../../domain/certificates/certificate-registry.ts';
import { certificateStanding } from '../../../domain/certificates/certificate-expiry.ts';
import type { StoredCertificate } from '../../../domain/certificates/stored-certificate.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';

function certificate(id: string, validFrom: string, validTo: string, origin: StoredCertificate['origin'] = 'imported'): Omit<StoredCertificate, 'recordedAt'> {
  return {
    certificateId: id,
    origin,
    subject: `CN=${id}`,
    issuer: 'CN=CA',
    serialNumber: id.length.toString(),
    validFrom,
    validTo,
    fingerprint: `fp-${id}`,
    chainPem: [],
    privateKey: origin === 'imported' ? { protection: 'sealed', value: 'aes256gcm:…' } : { protection: 'clear-test-only', value: 'pem' },
  };
}

function registry(...commands: { certificate: Omit<StoredCertificate, 'recordedAt'>; environment?: string; now?: string }[]): CertificateRegistryState {
  return commands.reduce((state, { certificate, environment = 'live', now = '2026-01-01T00:00:00Z' }) => {
    const events = certificateRegistryDecider.decide({ type: 'RecordCertificate', tenantId: 't', environment, certificate, now: new Date(now) }, state);
    return events.reduce(certificateRegistryDecider.evolve, state);
  }, certificateRegistryDecider.initialState());
}

describe('certificate registry', () => {
  const older = certificate('older', '2025-01-01T00:00:00Z', '2026-06-30T00:00:00Z');
  const renewal = certificate('renewal', '2026-06-01T00:00:00Z', '2027-06-01T00:00:00Z');

  it('signs with the latest imported certificate valid at the signing time, so older documents keep the older one', () => {
    const state = registry({ certificate: older }, { certificate: renewal });

    expect(signingCertificateAt(state, new Date('2026-03-01T00:00:00Z'))?.certificateId).to.equal('older');
    expect(signingCertificateAt(state, new Date('2026-06-15T00:00:00Z'))?.certificateId).to.equal('renewal');
    expect(signingCertificateAt(state, new Date('2028-01-01T00:00:00Z'))).to.equal(null);
  });

  it('keeps one generated test certificate, never in live, and falls back on it in test', () => {
    const generated = certificate('generated', '2016-01-01T00:00:00Z', '2046-01-01T00:00:00Z', 'generated-test');
    const state = registry({ certificate: generated, environment: 'test' }, { certificate: { ...generated, certificateId: 'again', fingerprint: 'other' }, environment: 'test' });

    expect(state.certificates.map((kept) => kept.certificateId)).to.deep.equal(['generated']);
    expect(signingCertificateAt(state, new Date('2026-03-01T00:00:00Z'))?.certificateId).to.equal('generated');
    expect(() => registry({ certificate: generated, environment: 'live' })).to.throw(DomainError, /only for the test environment/);
  });

  it('imports a certificate once, and refuses one already expired', () => {
    expect(registry({ certificate: older }, { certificate: older }).certificates).to.have.length(1);
    expect(() => registry({ certificate: older, now: '2026-07-01T00:00:00Z' })).to.throw(DomainError, /expired/);
  });

  it('stands expiring within 30 days of the longest-lasting valid certificate, expired once every one has ended', () => {
    const state = registry({ certificate: older });

    expect(certificateStanding(state, new Date('2026-05-01T00:00:00Z')).kind).to.equal('valid');
    expect(certificateStanding(state, new Date('2026-06-10T00:00:00Z'))).to.deep.include({ kind: 'expiring', daysLeft: 20 });
    expect(certificateStanding(registry({ certificate: older }, { certificate: renewal }), new Date('2026-06-10T00:00:00Z')).kind).to.equal('valid');
    expect(certificateStanding(state, new Date('2026-07-01T00:00:00Z')).kind).to.equal('expired');
    expect(certificateStanding(registry(), new Date()).kind).to.equal('none');
  });

  it('seals a kept key again in place (a clear test key too), never into the clear, and names an unknown certificate', () => {
    const state = registry({ certificate: older }, { certificate: certificate('generated', '2016-01-01T00:00:00Z', '2046-01-01T00:00:00Z', 'generated-test'), environment: 'test' });
    const reseal = (certificateId: string, value: string, protection: 'sealed' | 'clear-test-only' = 'sealed') =>
      certificateRegistryDecider.decide({ type: 'ResealKey', tenantId: 't', environment: 'test', certificateId, privateKey: { protection, value } as { protection: 'sealed'; value: string }, now: new Date('2026-02-01T00:00:00Z') }, state);

    const events = [...reseal('older', 'aes256gcm:again'), ...reseal('generated', 'aes256gcm:sealed')];
    const after = events.reduce(certificateRegistryDecider.evolve, state);

    expect(events.map((event) => [event.type, event.data])).to.deep.equal([
      ['CertificateKeyResealed', { tenantId: 't', environment: 'test', certificateId: 'older', privateKey: { protection: 'sealed', value: 'aes256gcm:again' }, at: '2026-02-01T00:00:00.000Z' }],
      ['CertificateKeyResealed', { tenantId: 't', environment: 'test', certificateId: 'generated', privateKey: { protection: 'sealed', value: 'aes256gcm:sealed' }, at: '2026-02-01T00:00:00.000Z' }],
    ]);
    expect(after.certificates.map((kept) => kept.privateKey.value)).to.deep.equal(['aes256gcm:again', 'aes256gcm:sealed']);
    expect(after.certificates.map(({ privateKey, ...facts }) => facts)).to.deep.equal(state.certificates.map(({ privateKey, ...facts }) => facts));
    expect(reseal('older', 'aes256gcm:…')).to.deep.equal([]);
    expect(() => reseal('older', 'pem', 'clear-test-only')).to.throw(DomainError, /never kept in the clear/);
    expect(() => reseal('nobody', 'aes256gcm:x')).to.throw(DomainError, /no certificate nobody/);
  });
});
