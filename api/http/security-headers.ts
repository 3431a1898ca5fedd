import type { NextFunction, Request, Response } from 'express';

/** Every answer: a browser takes its Content-Type as given, so a JSON answer or an XML download is never sniffed into HTML. */
export function noSniff(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
}

/**
 * The service's own reference pages (/docs, /errors): scripts and styles from this origin only (Swagger UI renders and
 * expands operations under it without a violation, checked in Chromium), data: images, never framed by another site.
 */
export const REFERENCE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};
