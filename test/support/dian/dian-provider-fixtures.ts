import { XadesSigner, type SigningKeys } from '../../../infrastructure/signing/xades-signer.ts';
import type { SubmissionAttempt } from '../../../application/ports/document-provider.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import type { DocumentFamily } from '../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { evolveDocument } from '../../../domain/documents/evolve-document.ts';
import { NumberingModule } from '../../../infrastructure/composition/numbering-module.ts';
import { createDianProvider } from '../../../infrastructure/providers/dian/create-dian-provider.ts';
import type { DianProvider } from '../../../infrastructure/providers/dian/dian-provider.ts';
import type { DianSettings } from '../../../infrastructure/config/provider-config.ts';
import { AesGcmCipher } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import type { FixedClock, TempStores } from '../fixtures.ts';
import type { TestPki } from '../signing/test-pki.ts';
import { ScriptedDianWebServices } from './scripted-dian-web-services.ts';

export const DIAN_ISSUER = { nit: '900825759', dv: '7', legal_name: 'HALLTEC S.A.S.', trade_name: 'Halltec' };

/** A DIAN ApplicationResponse as DIAN would return it (base64), recognisable by `marker`. */
export function applicationResponseBase64(marker: string, code = '02'): string {
  const xml = `<?xml version="1.0" encoding="utf-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"><Note>${marker}</Note><ResponseCode>${code}</ResponseCode></ApplicationResponse>`;
  return Buffer.from(xml).toString('base64');
}

let sequence = 0;

/** A document of `family` as the submission hands it to the provider (sent, not numbered). */
export function sentDocument(family: DocumentFamily, body: Record<string, unknown>, options: { tenantId?: string; id?: string; now?: Date } = {}): DocumentState {
  sequence += 1;
  const documentId = options.id ?? `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
  const command = {
    type: 'CreateDocument' as const,
    family,
    documentId,
    tenantId: options.tenantId ?? 'tenant-1',
    environment: 'test',
    transactionId: `tx-${documentId}`,
    idempotencyKey: `key-${documentId}`,
    requestHash: 'hash',
    issuer: DIAN_ISSUER,
    body,
    now: options.now ?? new Date('2026-05-06T15:00:00.000Z'),
  };
  const created = documentDecider.decide(command, documentDecider.initialState()).reduce(evolveDocument, documentDecider.initialState());
  return { ...created, status: 'sent' };
}

/** An attempt that records the claims it was asked to confirm. */
export function recordingAttempt(resumed: boolean, log: string[] = []): SubmissionAttempt & { confirmed: number[] } {
  const confirmed: number[] = [];
  return {
    number: resumed ? 2 : 1,
    resumed,
    confirmed,
    confirm: async (forMs) => {
      confirmed.push(forMs);
      log.push('confirm');
    },
  };
}

/** The company's certificate from a test PKI, whatever the instant. */
export const keysOf = (pki: TestPki): SigningKeys => ({
  signingKey: async () => ({ privateKeyPem: pki.leafKeyPem, chainPem: [pki.leafPem, pki.rootPem] }),
});

export interface DianRig {
  provider: DianProvider;
  dian: ScriptedDianWebServices;
  numbering: NumberingModule;
}

/** The DIAN provider over the embedded store, numbering from DIAN's habilitación ranges (test environment), with scripted web services. */
export function dianRig(stores: Pick<TempStores, 'events'>, clock: FixedClock, keys: SigningKeys, settings: Partial<DianSettings> = {}): DianRig {
  const numbering = new NumberingModule({ eventStore: stores.events, clock, secrets: new AesGcmCipher(Buffer.alloc(32, 7)) });
  const dian = new ScriptedDianWebServices();
  const provider = createDianProvider(
    { url: null, payrollUrl: null, timeoutMs: 1_000, ...settings },
    { webServices: dian, eventStore: stores.events, numbering: numbering.numbering, keys, renderServices: { signer: new XadesSigner(keys), logoOf: async () => null }, clock },
  );
  return { provider, dian, numbering };
}
