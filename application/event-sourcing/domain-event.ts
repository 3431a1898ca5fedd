import type { RecordedEvent } from '../ports/event-store.ts';

/** An event as the domain's unions spell it: a type name and that type's data. */
export interface DomainEvent {
  type: string;
  data: object;
}

/**
 * The recorded event as a member of the union E, or undefined when its type is not one of `types` (the union's type
 * names). The store gives back the data exactly as it was appended under that type, so the type name is what is
 * checked. Without `types` the caller vouches for the stream: an aggregate's stream holds what its decider appended.
 */
export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E;
export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent, types: readonly E['type'][]): E | undefined;
export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent, types?: readonly E['type'][]): E | undefined {
  if (types && !types.some((type) => type === recorded.type)) return undefined;
  return { type: recorded.type, data: recorded.data } as E;
}
