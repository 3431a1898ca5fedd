import { withoutUrlPasswords } from '../../infrastructure/config/url-passwords.ts';

/** The line printed when the service cannot start; a store driver's error may echo its connection string, password included. */
export function startupFailure(error: unknown): string {
  return `Start-up failed: ${withoutUrlPasswords(error instanceof Error ? error.message : String(error))}\n`;
}
