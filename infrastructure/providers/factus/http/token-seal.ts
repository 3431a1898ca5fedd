import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface HeldToken {
  access: string;
  refresh?: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the Factus token for the coordination store with AES-256-GCM, under a key derived (HKDF-SHA256) from the
 * account's client secret and password: every instance of the account has them in its configuration, and whoever reads
 * the store without them learns nothing. `context` (the record's key) is the salt and the authenticated data, so a
 * sealed token is only good for the record it was written to.
 */
export class TokenSeal {
  private readonly key: Buffer;

  constructor(
    secrets: { clientSecret: string; password: string },
    private readonly context: string,
  ) {
    const material = JSON.stringify([secrets.clientSecret, secrets.password]);
    this.key = Buffer.from(hkdfSync('sha256', material, context, 'factus-token/v1', 32));
  }

  seal(token: HeldToken): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(this.context));
    const body = Buffer.concat([cipher.update(JSON.stringify(token), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The token, or undefined when there is none or it does not open (sealed under other credentials, or altered). */
  open(sealed: string | undefined): HeldToken | undefined {
    if (!sealed) return undefined;
    try {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      decipher.setAAD(Buffer.from(this.context));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const token = JSON.parse(text) as HeldToken;
      return typeof token.access === 'string' ? token : undefined;
    } catch {
      return undefined;
    }
  }
}
