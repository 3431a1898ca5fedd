import type { NextFunction, Request, Response } from 'express';

/**
 * What every answer under /console carries: a strict Content-Security-Policy (scripts and styles from this origin
 * only, no inline script, never framed), no MIME sniffing, and no Referer leaving the page.
 */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'; object-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function consoleHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.set(CONSOLE_HEADERS);
  next();
}
