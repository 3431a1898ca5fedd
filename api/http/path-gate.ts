import type { NextFunction, Request, RequestHandler, Response } from 'express';

interface LayerLike {
  rawPath?: unknown;
  route?: unknown;
  handle?: unknown;
}

/**
 * The text of a route path before its first parameter, wildcard or group: every path it matches starts with it. A
 * path that is all text loses a trailing slash (without strict routing, "/docs/" and "/docs" match alike).
 */
function literalPrefix(path: string): string {
  const end = path.search(/[:*{}()?+\\]/);
  const literal = end === -1 ? path.replace(/\/+$/, '') : path.slice(0, end);
  return literal.toLowerCase();
}

/**
 * The lower-cased literal prefixes of every layer of a router (into routers mounted at its root), or null when some
 * layer may take any path (a middleware or route at "/", a RegExp path, an unknown shape).
 */
export function pathPrefixesOf(router: unknown): string[] | null {
  const stack = (router as { stack?: unknown } | null)?.stack;
  if (!Array.isArray(stack)) return null;
  const prefixes: string[] = [];
  for (const layer of stack as LayerLike[]) {
    const paths: unknown[] = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
    for (const path of paths) {
      if (typeof path !== 'string') return null;
      const prefix = literalPrefix(path);
      if (prefix !== '' && prefix !== '/') {
        prefixes.push(prefix);
        continue;
      }
      const inner = layer.route ? null : pathPrefixesOf(layer.handle);
      if (!inner) return null;
      prefixes.push(...inner);
    }
  }
  return prefixes;
}

/**
 * Mounts a router so that requests no layer of it could match pass it by at once. Express walks every router in
 * turn, and leaving one that matched nothing costs a walk of its layers and a turn of the event loop (setImmediate);
 * a request went through a dozen before reaching its own. The prefixes come from the router's own paths (compared
 * ignoring case, as express does; a prefix match is necessary for any route match), so nothing can fall out of step.
 * A router with a layer that may take any path is always entered, as before.
 */
export function gatedByPath(router: RequestHandler): RequestHandler {
  let prefixes: string[] | null | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (prefixes === undefined) {
      const found = pathPrefixesOf(router);
      prefixes = found && [...new Set(found)];
    }
    if (prefixes === null) return router(req, res, next);
    const path = req.path.toLowerCase();
    for (const prefix of prefixes) if (path.startsWith(prefix)) return router(req, res, next);
    next();
  };
}
