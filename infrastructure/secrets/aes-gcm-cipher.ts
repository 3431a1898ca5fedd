import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { MissingSecretsKeyError, SealedSecretError, type SecretCipher } from '../../application/ports/secret-cipher.ts';

const SCHEME = 'aes256gcm';

/** The first 8 characters of the base64url SHA-256 of a key: names it in sealed values and messages without revealing it. */
export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

/**
 * AES-256-GCM with a random 12-byte nonce per value: `aes256gcm:<key id>:<nonce>:<tag>:<ciphertext>` (base64url).
 * The first key seals; every key opens the values that name it, so a value sealed before a change of key opens while
 * the key it was sealed with is kept among the previous ones.
 */
export class AesGcmCipher implements SecretCipher {
  readonly available = true;
  readonly keyIds: readonly string[];
  private readonly keys: Map<string, Buffer>;

  constructor(key: Buffer, previous: readonly Buffer[] = []) {
    for (const each of [key, ...previous]) if (each.length !== 32) throw new Error('an AES-256 key has 32 bytes');
    this.keys = new Map([key, ...previous].map((each) => [secretsKeyId(each), each]));
    this.keyIds = [...this.keys.keys()];
  }

  seal(plain: Buffer | string): string {
    const [keyId] = this.keyIds;
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(keyId)!, nonce);
    const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
    return [SCHEME, keyId, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  open(sealed: string): Buffer {
    const [, keyId, nonce, tag, body] = parts(sealed);
    const key = this.keys.get(keyId);
    if (!key) {
      const [current, ...previous] = this.keyIds;
      const others = previous.length > 0 ? ` and SECRETS_KEY_PREVIOUS holds ${previous.join(', ')}` : '';
      throw new SealedSecretError(`sealed with key ${keyId}; SECRETS_KEY is key ${current}${others}`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    } catch {
      throw new SealedSecretError('authentication failed');
    }
  }

  sealedWith(sealed: string): string {
    return parts(sealed)[1];
  }
}

function parts(sealed: string): string[] {
  const split = sealed.split(':');
  if (split.length !== 5 || split[0] !== SCHEME) throw new SealedSecretError('not a sealed value');
  return split;
}

/** Stands in when SECRETS_KEY is unset: every use says which variable is missing and what it was needed for. */
export class NoSecretsKey implements SecretCipher {
  readonly available = false;
  readonly keyIds: readonly string[] = [];

  seal(): string {
    throw new MissingSecretsKeyError('keep a secret (a private key, a PIN) encrypted at rest');
  }

  open(): Buffer {
    throw new MissingSecretsKeyError('read the secrets kept encrypted at rest');
  }

  sealedWith(sealed: string): string {
    return parts(sealed)[1];
  }
}
