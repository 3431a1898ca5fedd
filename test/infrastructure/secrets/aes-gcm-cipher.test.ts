import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { MissingSecretsKeyError, SealedSecretError } from '../../../application/ports/secret-cipher.ts';
import { AesGcmCipher } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { secretCipherFrom } from '../../../infrastructure/secrets/secret-cipher-from-config.ts';

describe('AesGcmCipher', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const cipher = new AesGcmCipher(key);
    const sealed = cipher.seal('-----BEGIN PRIVATE KEY----- secret');
    expect(sealed).to.match(/^aes256gcm:/);
    expect(sealed).not.to.include('PRIVATE KEY');
    expect(cipher.open(sealed).toString('utf8')).to.equal('-----BEGIN PRIVATE KEY----- secret');
  });

  it('seals the same secret differently each time (random nonce)', () => {
    const cipher = new AesGcmCipher(key);
    expect(cipher.seal('1234')).not.to.equal(cipher.seal('1234'));
  });

  it('refuses a value sealed with another key, naming both key ids', () => {
    const sealed = new AesGcmCipher(randomBytes(32)).seal('x');
    expect(() => new AesGcmCipher(key).open(sealed)).to.throw(SealedSecretError, /sealed with key .+ the configured key is/);
  });

  it('refuses a value whose ciphertext was altered', () => {
    const cipher = new AesGcmCipher(key);
    const parts = cipher.seal('a secret of some length').split(':');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => cipher.open(parts.join(':'))).to.throw(SealedSecretError, /authentication failed/);
  });

  it('without SECRETS_KEY, sealing names the variable', () => {
    const cipher = secretCipherFrom({});
    expect(cipher.available).to.equal(false);
    expect(() => cipher.seal('x')).to.throw(MissingSecretsKeyError, /SECRETS_KEY is not set/);
  });
});
