import { pino, type Logger } from 'pino';
import { withoutUrlPasswords } from '../config/url-passwords.ts';

/** API keys and credentials never reach the log. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'apiKey',
  'key',
  '*.apiKey',
  '*.key',
  '*.password',
  '*.client_secret',
];

/** A logged error as pino writes it, without the password of a store URL its message or stack may echo. */
function err(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error as Error);
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const { message, stack } = serialized as { message?: unknown; stack?: unknown };
  return {
    ...serialized,
    ...(typeof message === 'string' && { message: withoutUrlPasswords(message) }),
    ...(typeof stack === 'string' && { stack: withoutUrlPasswords(stack) }),
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err }, base: undefined }, destination);
}
