import type { ReplayWindow } from '../../application/webhooks/replay-webhook-events.ts';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-event-types.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';
import { parseTimestamp } from '../../domain/shared/timestamp.ts';
import { decodeDeliveryCursor } from './delivery-cursor.ts';

const DEFAULT_LIMIT = 25;
const KNOWN = new Set(['limit', 'cursor']);
const TIMESTAMP_HINT = 'an ISO 8601 timestamp with a time zone, e.g. 2026-01-31T14:00:00Z';

/** Query of GET /v1/webhook-endpoints/{id}/deliveries: `limit` (1 to 100) and `cursor`; anything else → 400. */
export function parseDeliveryListQuery(endpointId: string, query: Record<string, unknown>): { limit: number; before?: string } {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) {
    if (!KNOWN.has(name)) issues.push({ field: name, message: 'is not a known parameter (limit, cursor)' });
    else if (typeof query[name] !== 'string') issues.push({ field: name, message: 'must be given once' });
  }
  const limitText = typeof query.limit === 'string' ? query.limit : undefined;
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (limitText !== undefined && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > 100)) issues.push({ field: 'limit', message: `must be a whole number from 1 to 100; got "${limitText}"` });
  const cursorText = typeof query.cursor === 'string' ? query.cursor : undefined;
  const before = cursorText === undefined ? undefined : decodeDeliveryCursor(endpointId, cursorText);
  if (before === null) issues.push({ field: 'cursor', message: "is not a cursor of this endpoint's deliveries; pass next_cursor exactly as received" });
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return { limit, before: before ?? undefined };
}

/** Body of POST /v1/webhook-endpoints/{id}/replay (its shape already checked against the schema). */
export function parseReplayWindow(body: { since: string; until?: string; types?: string[] }): ReplayWindow {
  const issues: ValidationIssue[] = [];
  const since = parseTimestamp(body.since);
  if (!since) issues.push({ field: 'since', message: `must be ${TIMESTAMP_HINT}; got "${body.since}"` });
  const until = body.until === undefined ? undefined : parseTimestamp(body.until);
  if (until === null) issues.push({ field: 'until', message: `must be ${TIMESTAMP_HINT}; got "${body.until}"` });
  if (since && until && until <= since) issues.push({ field: 'until', message: 'must be later than since' });
  (body.types ?? []).forEach((type, index) => {
    if (!isWebhookEventType(type)) issues.push({ field: `types[${index}]`, message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}; got "${type}"` });
  });
  if (issues.length > 0) throw problems.validation('the replay request is not valid', issues);
  return { since: since!, ...(until && { until }), ...(body.types && { types: body.types }) };
}
