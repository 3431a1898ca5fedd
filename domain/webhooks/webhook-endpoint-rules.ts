import type { ValidationIssue } from '../shared/validation-issue.ts';
import { ALL_EVENTS, isWebhookEventType, WEBHOOK_EVENT_TYPES } from './webhook-event-types.ts';

/** At most this many endpoints per company and environment. */
export const MAX_ENDPOINTS = 16;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;

/** What a company states about an endpoint; absent fields are not checked (a PATCH may leave them out). */
export interface EndpointFields {
  url?: string;
  events?: readonly string[];
  description?: string | null;
}

/** The rules of an endpoint's fields that need no network: sizes, an absolute URL, the event types. */
export function endpointFieldIssues(fields: EndpointFields): ValidationIssue[] {
  return [...urlIssues(fields.url), ...eventIssues(fields.events), ...descriptionIssues(fields.description)];
}

function urlIssues(url: string | undefined): ValidationIssue[] {
  if (url === undefined) return [];
  if (url.length > MAX_URL_LENGTH) return [{ field: 'url', message: `must be at most ${MAX_URL_LENGTH} characters; got ${url.length}` }];
  if (!URL.canParse(url)) return [{ field: 'url', message: `must be an absolute http or https URL; got "${url}"` }];
  return [];
}

function eventIssues(events: readonly string[] | undefined): ValidationIssue[] {
  if (events === undefined) return [];
  if (events.length === 0) return [{ field: 'events', message: `must list at least one event type, or be ["${ALL_EVENTS}"]` }];
  if (events.includes(ALL_EVENTS) && events.length > 1) {
    return [{ field: 'events', message: `"${ALL_EVENTS}" subscribes to every event type and stands alone; got ${JSON.stringify(events)}` }];
  }
  if (events[0] === ALL_EVENTS) return [];
  return events.flatMap((type, index): ValidationIssue[] => {
    const field = `events[${index}]`;
    if (!isWebhookEventType(type)) return [{ field, message: `"${type}" is not an event type; known: ${WEBHOOK_EVENT_TYPES.join(', ')}, or "${ALL_EVENTS}" alone` }];
    if (events.indexOf(type) !== index) return [{ field, message: `"${type}" is listed twice` }];
    return [];
  });
}

function descriptionIssues(description: string | null | undefined): ValidationIssue[] {
  if (typeof description !== 'string' || description.length <= MAX_DESCRIPTION_LENGTH) return [];
  return [{ field: 'description', message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters; got ${description.length}` }];
}
