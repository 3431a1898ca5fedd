/**
 * Seals secrets kept at rest (private keys of certificates, software PINs, webhook secrets) with the deployment's
 * SECRETS_KEY. A sealed value names the scheme it was sealed with, so a later key rotation can tell them apart.
 */
export interface SecretCipher {
  /** Whether a key is configured: without one, `seal` and `open` throw a MissingSecretsKeyError. */
  readonly available: boolean;
  seal(plain: Buffer | string): string;
  open(sealed: string): Buffer;
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
    super(`a sealed secret could not be opened (${reason}); is SECRETS_KEY the one it was sealed with?`);
    this.name = 'SealedSecretError';
  }
}
