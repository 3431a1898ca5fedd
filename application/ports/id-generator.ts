import { randomBytes, randomUUID } from 'node:crypto';

export interface IdGenerator {
  uuid(): string;
  /** Random letters and digits from a cryptographic source. */
  token(length: number): string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const randomIds: IdGenerator = {
  uuid: () => randomUUID(),
  token(length) {
    let out = '';
    while (out.length < length) {
      for (const byte of randomBytes(length * 2)) {
        // 248 = 4 × 62: rejecting the top values keeps every character equally likely.
        if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
      }
    }
    return out;
  },
};
