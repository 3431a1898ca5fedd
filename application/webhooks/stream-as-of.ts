import type { Decider } from '../../domain/shared/decider.ts';
import { toDomainEvent, type DomainEvent } from '../event-sourcing/domain-event.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import type { WebhookEventSource } from './webhook-event.ts';

/**
 * The events of the source's stream up to and including the source event: what the subject was right after it. Later
 * events are left out, so every attempt and replay of a notification builds the same object.
 */
export async function eventsUpTo(store: EventStore, source: WebhookEventSource): Promise<RecordedEvent[]> {
  const events = await store.readStream(source.streamId);
  const revision = BigInt(source.revision);
  const end = events.findIndex((event) => event.revision === revision);
  if (end === -1 || events[end].id !== source.eventId) {
    throw new Error(`event ${source.eventId} is not at revision ${source.revision} of stream ${source.streamId}`);
  }
  return events.slice(0, end + 1);
}

/** The events of another stream recorded before `position` of the log: that stream as it stood when the source event happened. */
export async function eventsBefore(store: EventStore, streamId: string, position: string): Promise<RecordedEvent[]> {
  const before = BigInt(position);
  return (await store.readStream(streamId)).filter((event) => event.position < before);
}

/** Folds events as the aggregate store does when a GET reads the stream. */
export function fold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: readonly RecordedEvent[]): S {
  return events.reduce((state, event) => decider.evolve(state, toDomainEvent<E>(event)), decider.initialState());
}
