/** Where the console is served; every client route is under it. */
export const CONSOLE_BASE = '/console';

/**
 * Matches a console path against a pattern of literal segments and `:name` parameters (`/documentos/:family/:id`);
 * the parameters decoded, or undefined. A trailing slash is ignored.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const split = (text: string) => text.split('/').filter((segment) => segment !== '');
  const expected = split(pattern);
  const actual = split(path);
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index];
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (segment !== value) return undefined;
  }
  return params;
}

/** The part of a location's path after the console's base ("/console/documentos" → "/documentos"); "/" for the base. */
export function consolePath(pathname: string): string {
  if (pathname === CONSOLE_BASE || pathname === `${CONSOLE_BASE}/`) return '/';
  return pathname.startsWith(`${CONSOLE_BASE}/`) ? pathname.slice(CONSOLE_BASE.length) : pathname;
}
