import { pino, type Logger } from 'pino';

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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined }, destination);
}
