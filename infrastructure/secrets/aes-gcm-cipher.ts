import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { MissingSecretsKeyError, SealedSecretError, type SecretCipher } from '../../application/ports/secret-cipher.ts';

const SCHEME = 'aes256gcm';

/**
 * AES-256-GCM with a random 12-byte nonce per value: `aes256gcm:<key id>:<nonce>:<tag>:<ciphertext>` (base64url). The key
 * id (first bytes of the key's SHA-256) tells which key sealed a value without revealing it.
 */
export class AesGcmCipher implements SecretCipher {
  readonly available = true;
  private readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('an AES-256 key has 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  }

  seal(plain: Buffer | string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
    return [SCHEME, this.keyId, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): Buffer {
    const parts = sealed.split(':');
    if (parts.length !== 5 || parts[0] !== SCHEME) throw new SealedSecretError('not a sealed value');
    const [, keyId, nonce, tag, body] = parts;
    if (keyId !== this.keyId) throw new SealedSecretError(`sealed with key ${keyId}, the configured key is ${this.keyId}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    } catch {
      throw new SealedSecretError('authentication failed');
    }
  }
}

/** Stands in when SECRETS_KEY is unset: every use says which variable is missing and what it was needed for. */
export class NoSecretsKey implements SecretCipher {
  readonly available = false;

  seal(): string {
    throw new MissingSecretsKeyError('keep a secret (a private key, a PIN) encrypted at rest');
  }

  open(): Buffer {
    throw new MissingSecretsKeyError('read the secrets kept encrypted at rest');
  }
}
