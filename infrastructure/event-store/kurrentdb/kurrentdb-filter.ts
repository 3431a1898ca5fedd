import { eventTypeFilter, excludeSystemEvents, type Filter } from '@kurrent/kurrentdb-client';
import type { EventTypeFilter } from '../../../application/ports/event-store.ts';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Server-side event-type filter for $all; system events (`$...`) are always excluded. */
export function toServerFilter(filter?: EventTypeFilter): Filter {
  const types = filter?.eventTypes ?? [];
  const prefixes = filter?.eventTypePrefixes ?? [];
  if (types.length === 0 && prefixes.length === 0) return excludeSystemEvents();
  if (types.length === 0 && prefixes.every((prefix) => prefix !== '' && !prefix.startsWith('$'))) {
    return eventTypeFilter({ prefixes: [...prefixes] });
  }
  const alternatives = [...types.map((type) => `${escapeRegex(type)}$`), ...prefixes.map(escapeRegex)];
  return eventTypeFilter({ regex: `^(?!\\$)(?:${alternatives.join('|')})` });
}
