import { ConcurrencyError, type EventStore } from '../ports/event-store.ts';
import { MissingSecretsKeyError, type SecretCipher } from '../ports/secret-cipher.ts';

/** One small stream that exists once anything was sealed with SECRETS_KEY: start-up reads it, never a scan. */
const MARKER_STREAM = 'sealedSecrets-marker';

/** Records, once per deployment, that secrets sealed with SECRETS_KEY are kept (a private key, a PIN). */
export async function markSecretsSealed(store: EventStore, purpose: string, at: Date): Promise<void> {
  if ((await store.readStream(MARKER_STREAM)).length > 0) return;
  try {
    await store.append(MARKER_STREAM, [{ type: 'SecretsFirstSealed', data: { purpose, at: at.toISOString() }, metadata: { actor: 'system' } }], 'no_stream');
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}

/** Start-up refuses to run without SECRETS_KEY once sealed secrets exist: they could not be opened. */
export async function requireSecretsKeyIfSealed(store: EventStore, cipher: SecretCipher): Promise<void> {
  if (cipher.available) return;
  if ((await store.readStream(MARKER_STREAM)).length > 0) {
    throw new MissingSecretsKeyError('open the private keys this deployment keeps sealed (certificates were imported); set it to the key they were sealed with');
  }
}
