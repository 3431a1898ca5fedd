import type { AuthorityMessage } from '../../../../domain/documents/authority-message.ts';

/**
 * Factus's `errors` as authority messages. They come as an object rule → message (bills, reference §1.3), a list of
 * strings (payrolls, list items), a list of {code, message}, or per-field lists of a request validation error.
 */
export function authorityMessages(errors: unknown): AuthorityMessage[] {
  if (!errors) return [];
  if (Array.isArray(errors)) return errors.map((entry, index) => fromEntry(entry, index));
  if (typeof errors !== 'object') return [{ code: 'FACTUS', message: String(errors) }];
  return Object.entries(errors as Record<string, unknown>).map(([code, message]) => ({ code, message: text(message) }));
}

/** DIAN's rejections say "Rechazo"; its notifications ("Notificación") leave the document valid (reference §1.3). */
export function isRejection(message: AuthorityMessage): boolean {
  return /rechazo/i.test(message.message);
}

function fromEntry(entry: unknown, index: number): AuthorityMessage {
  if (entry && typeof entry === 'object') {
    const { code, message } = entry as { code?: unknown; message?: unknown };
    return { code: String(code ?? `FACTUS-${index + 1}`), message: text(message ?? entry) };
  }
  const message = String(entry);
  return { code: /Regla:\s*([\w.-]+)/i.exec(message)?.[1] ?? `FACTUS-${index + 1}`, message };
}

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(' ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
