import type { Transform } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * RFC 4180 (CRLF, quotes doubled, a field quoted when it holds a comma, quote or line break), a UTF-8 byte order mark
 * so that Excel reads the accents, the header row, and cells that start with = + - @ (or a tab or carriage return)
 * prefixed with ' so that a spreadsheet never runs them as formulas. A CSV of signed amounts escapes its text cells
 * itself (`safeText`) instead, since a spreadsheet would read '-11900.00 as text.
 */
export const csvOptions = (columns: readonly string[], { escapeFormulas = true } = {}) =>
  ({ bom: true, header: true, columns: [...columns], record_delimiter: 'windows', escape_formulas: escapeFormulas }) as const;

/** The CSV of `columns` written as rows arrive (csvOptions). */
export const csvWriter = (columns: readonly string[], options: { escapeFormulas?: boolean } = {}): Transform => stringify(csvOptions(columns, options));

/** A text cell a spreadsheet would run as a formula, prefixed with ' as csv-stringify's escape_formulas does. */
export const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** How a record writes its text cells: escaped for a spreadsheet, or as they are (JSON runs no formulas). */
export const textCell = (escape: boolean): ((value: string) => string) => (escape ? safeText : (value) => value);
