/**
 * Seals secrets kept at rest (private keys of certificates, software PINs, webhook secrets) with the deployment's
 * SECRETS_KEY. A sealed value names the key that sealed it (its key id), so the keys SECRETS_KEY replaced can still
 * open what they sealed until it is sealed again.
 */
export interface SecretCipher {
  /** Whether a key is configured: without one, `seal` and `open` throw a MissingSecretsKeyError. */
  readonly available: boolean;
  /** The ids of the configured keys: SECRETS_KEY's first (the one that seals), then the keys it replaced. */
  readonly keyIds: readonly string[];
  seal(plain: Buffer | string): string;
  open(sealed: string): Buffer;
  /** The id of the key that sealed a value, read from the value (nothing is opened). */
  sealedWith(sealed: string): string;
}

/** A secret had to be sealed or opened and SECRETS_KEY is not set. */
export class MissingSecretsKeyError extends Error {
  constructor(purpose: string) {
    super(`SECRETS_KEY is not set: it is required to ${purpose}`);
    this.name = 'MissingSecretsKeyError';
  }
}

/** A sealed value could not be opened: another key sealed it, or it was altered. */
export class SealedSecretError extends Error {
  constructor(reason: string) {
    super(`a sealed secret could not be opened (${reason})`);
    this.name = 'SealedSecretError';
  }
}

/** Secrets are kept sealed with keys that neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS holds: they could not be opened. */
export class UnknownSecretsKeyError extends Error {
  constructor(
    readonly missing: readonly string[],
    configured: readonly string[],
  ) {
    const [current, ...previous] = configured;
    const holders = previous.length > 0 ? `neither SECRETS_KEY (key ${current}) nor SECRETS_KEY_PREVIOUS (${previous.join(', ')}) holds` : `SECRETS_KEY (key ${current}) is not`;
    super(
      `secrets are kept sealed with ${missing.length === 1 ? 'key' : 'keys'} ${missing.join(', ')}, which ${holders}: ` +
        'set SECRETS_KEY to the key they were sealed with, or, after a change of key, put the key it replaced in SECRETS_KEY_PREVIOUS ' +
        '(`npm run cli -- secrets key-id` prints the ids of the keys set)',
    );
    this.name = 'UnknownSecretsKeyError';
  }
}
