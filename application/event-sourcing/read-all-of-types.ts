import type { EventStore, EventTypeFilter, RecordedEvent } from '../ports/event-store.ts';

/** Every event of the given types, oldest first, read page by page. */
export async function readAllOfTypes(store: EventStore, filter: EventTypeFilter, pageSize = 1_000): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize, filter });
    events.push(...page);
    if (page.length < pageSize) return events;
    after = page[page.length - 1].position;
  }
}
