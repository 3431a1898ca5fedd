import { sealedSecretsRecordDecider, type SealedSecretsCommand, type SealedSecretsRecord } from '../../domain/secrets/sealed-secrets-record.ts';
import { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../ports/event-store.ts';
import { MissingSecretsKeyError, UnknownSecretsKeyError, type SecretCipher } from '../ports/secret-cipher.ts';

/** One small stream that exists once anything was sealed with SECRETS_KEY: start-up reads it, never a scan. */
const MARKER_STREAM = 'sealedSecrets-marker';
const ATTEMPTS = 3;

/** The record as it stands, and the revision to append after. */
export async function sealedSecretsRecord(store: EventStore): Promise<{ record: SealedSecretsRecord; expected: ExpectedRevision }> {
  const { state, expected } = await new AggregateStore(store).load(MARKER_STREAM, sealedSecretsRecordDecider);
  return { record: state, expected };
}

/**
 * Records the decision unless the record already holds it; `expected` (the revision a caller decided on) makes a
 * record that changed since refuse the append with a ConcurrencyError instead of being decided afresh.
 */
async function recordIn(store: EventStore, command: SealedSecretsCommand, expected?: ExpectedRevision): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await sealedSecretsRecord(store);
    const events = sealedSecretsRecordDecider.decide(command, current.record);
    if (events.length === 0) return;
    try {
      await store.append(MARKER_STREAM, events.map((event) => ({ type: event.type, data: event.data, metadata: { actor: 'system' } })), expected ?? current.expected);
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || expected !== undefined || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Records, unless the record already names it, that secrets sealed with `keyId` are kept. */
export async function markKeyUsed(store: EventStore, keyId: string, purpose: string, at: Date): Promise<void> {
  await recordIn(store, { type: 'RecordKeyUse', keyId, purpose, now: at });
}

/** Records, unless the record already names it, that secrets sealed with the cipher's sealing key are kept (a private key, a PIN). */
export async function markSecretsSealed(store: EventStore, cipher: SecretCipher, purpose: string, at: Date): Promise<void> {
  await markKeyUsed(store, cipher.keyIds[0], purpose, at);
}

/**
 * Runs `write`, which keeps values sealed with the cipher's key, between two records of the key's use. The first errs
 * on the side of demanding the key at start-up should the process stop before the write. The second covers a reseal
 * by an instance with a newer key that recorded, between the two, every secret sealed with its key: its scan may have
 * run before this write, and its record would then say this key is no longer needed.
 */
export async function keepSealed<T>(store: EventStore, cipher: SecretCipher, purpose: string, now: () => Date, write: () => Promise<T>): Promise<T> {
  await markSecretsSealed(store, cipher, purpose, now());
  const written = await write();
  await markSecretsSealed(store, cipher, purpose, now());
  return written;
}

/** Records that every kept secret is sealed with `keyId`: the keys before it are no longer needed at start-up. */
export async function markAllSealedWith(store: EventStore, keyId: string, resealed: number, at: Date, expected: ExpectedRevision): Promise<void> {
  await recordIn(store, { type: 'RecordAllSealedWith', keyId, resealed, now: at }, expected);
}

/**
 * Start-up refuses to run without SECRETS_KEY once sealed secrets exist, or with keys that do not include every key
 * the record says sealed them: they could not be opened.
 */
export async function requireSecretsKeys(store: EventStore, cipher: SecretCipher): Promise<void> {
  const { record } = await sealedSecretsRecord(store);
  if (!record.sealed) return;
  if (!cipher.available) {
    throw new MissingSecretsKeyError('open the private keys this deployment keeps sealed (certificates were imported); set it to the key they were sealed with');
  }
  const missing = record.keyIds.filter((keyId) => !cipher.keyIds.includes(keyId));
  if (missing.length > 0) throw new UnknownSecretsKeyError(missing, cipher.keyIds);
}
