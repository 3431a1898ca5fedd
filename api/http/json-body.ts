import express, { type RequestHandler } from 'express';

/**
 * How deeply arrays and objects may nest in a request body. The request schemas nest at most 5 levels (a document,
 * its items, their taxes); the limit is far beyond that, and shallow enough that code walking a body recursively (the
 * request hash, canonical JSON) never exhausts the stack: a body of a few thousand `[` failed such a walk as a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** A request body that nests arrays and objects deeper than MAX_JSON_DEPTH. */
export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`the body nests arrays and objects more than ${maxDepth} levels deep`);
  }
}

/**
 * Parses a JSON request body (express.json: any JSON value, up to `limitBytes`, of the media types given, JSON by
 * default) and refuses one nested deeper than MAX_JSON_DEPTH. Every route that reads a JSON body takes its body here.
 */
export function jsonBody(limitBytes: number, { types }: { types?: string[] } = {}): RequestHandler {
  const parse = express.json({ limit: limitBytes, strict: false, ...(types ? { type: types } : {}) });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      next(nestsDeeperThan(req.body, MAX_JSON_DEPTH) ? new JsonTooDeepError(MAX_JSON_DEPTH) : undefined);
    });
  };
}

/** Whether a parsed JSON value nests arrays and objects more than `levels` deep (`[]` and `{}` are one level). */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, levels - 1)) return true;
    return false;
  }
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}
