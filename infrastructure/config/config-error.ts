import { withoutUrlPasswords } from './url-passwords.ts';

/** An environment variable with a missing or invalid value; `variable` names it. A URL's password in the message is `***`. */
export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(withoutUrlPasswords(`${variable}: ${message}`));
    this.name = 'ConfigError';
  }
}
