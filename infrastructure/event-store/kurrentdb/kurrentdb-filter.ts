import { eventTypeFilter, excludeSystemEvents, type Filter, type Position } from '@kurrent/kurrentdb-client';
import type { EventTypeFilter } from '../../../application/ports/event-store.ts';
import type { KurrentDbNamespace } from './kurrentdb-namespace.ts';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface CheckpointOptions {
  /** In pages of the server's search window (32 events read): 1 is the most frequent. */
  checkpointInterval: number;
  checkpointReached(subscription: unknown, position: Position): void | Promise<void>;
}

/** Server-side event-type filter for $all inside the namespace; system events (`$...`) are always excluded. */
export function toServerFilter(filter: EventTypeFilter | undefined, names: KurrentDbNamespace, checkpoints?: CheckpointOptions): Filter {
  const types = filter?.eventTypes ?? [];
  const prefixes = filter?.eventTypePrefixes ?? [];
  const options = checkpoints ?? {};
  if (types.length === 0 && prefixes.length === 0) {
    return names.prefix ? eventTypeFilter({ prefixes: [names.prefix], ...options }) : excludeSystemEvents(options);
  }
  if (types.length === 0 && prefixes.every((prefix) => prefix !== '' && !prefix.startsWith('$'))) {
    return eventTypeFilter({ prefixes: prefixes.map((prefix) => names.type(prefix)), ...options });
  }
  const alternatives = [...types.map((type) => `${escapeRegex(type)}$`), ...prefixes.map(escapeRegex)];
  return eventTypeFilter({ regex: `^(?!\\$)${escapeRegex(names.prefix)}(?:${alternatives.join('|')})`, ...options });
}
