import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { MissingSecretsKeyError, SealedSecretError } from '../../../application/ports/secret-cipher.ts';
import { AesGcmCipher, secretsKeyId } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
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
    const other = randomBytes(32);
    const sealed = new AesGcmCipher(other).seal('x');
    expect(() => new AesGcmCipher(key).open(sealed)).to.throw(SealedSecretError, `sealed with key ${secretsKeyId(other)}; SECRETS_KEY is key ${secretsKeyId(key)}`);
  });

  it('with the keys SECRETS_KEY replaced, opens what each sealed and seals with SECRETS_KEY only; a value names the key that sealed it', () => {
    const [older, old] = [randomBytes(32), randomBytes(32)];
    const sealedByOld = new AesGcmCipher(old).seal('pin of old');
    const sealedByOlder = new AesGcmCipher(older).seal('pin of older');
    const ring = new AesGcmCipher(key, [old, older]);

    expect(ring.keyIds).to.deep.equal([secretsKeyId(key), secretsKeyId(old), secretsKeyId(older)]);
    expect(ring.open(sealedByOld).toString('utf8')).to.equal('pin of old');
    expect(ring.open(sealedByOlder).toString('utf8')).to.equal('pin of older');
    const sealed = ring.seal('new pin');
    expect(ring.sealedWith(sealed)).to.equal(secretsKeyId(key));
    expect(ring.sealedWith(sealedByOld)).to.equal(secretsKeyId(old));
    expect(new AesGcmCipher(key).open(sealed).toString('utf8')).to.equal('new pin');
    expect(() => new AesGcmCipher(old).open(sealed)).to.throw(SealedSecretError, `SECRETS_KEY is key ${secretsKeyId(old)}`);
    expect(() => new AesGcmCipher(randomBytes(32), [old]).open(sealedByOlder)).to.throw(SealedSecretError, `SECRETS_KEY_PREVIOUS holds ${secretsKeyId(old)}`);
    expect(() => ring.sealedWith('not sealed')).to.throw(SealedSecretError, /not a sealed value/);
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
