import type { SecretCipher } from '../../application/ports/secret-cipher.ts';
import type { Config } from '../config/config.ts';
import { AesGcmCipher, NoSecretsKey } from './aes-gcm-cipher.ts';

export function secretCipherFrom(config: Pick<Config, 'secretsKey'> & Partial<Pick<Config, 'secretsKeysPrevious'>>): SecretCipher {
  return config.secretsKey ? new AesGcmCipher(config.secretsKey, config.secretsKeysPrevious) : new NoSecretsKey();
}
