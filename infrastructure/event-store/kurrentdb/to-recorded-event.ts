import type { AllStreamResolvedEvent, ResolvedEvent } from '@kurrent/kurrentdb-client';
import type { EventMetadata, RecordedEvent } from '../../../application/ports/event-store.ts';
import { UnreadableEventError } from '../../../application/ports/store-errors.ts';
import type { KurrentDbNamespace } from './kurrentdb-namespace.ts';

function isSystemType(type: string): boolean {
  return type.startsWith('$');
}

export function positionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): bigint | undefined {
  return resolved.event?.position?.commit ?? resolved.commitPosition;
}

/** Undefined for what is not one of our events: unresolved links, system events, other namespaces. */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent, names: KurrentDbNamespace): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemType(event.type)) return undefined;
  const streamId = names.own(event.streamId);
  const type = names.own(event.type);
  if (streamId === undefined || type === undefined) return undefined;
  if (!event.isJson || !isObject(event.data)) {
    throw new UnreadableEventError(`event ${event.id} in ${event.streamId} (${event.type}) is not a JSON object`);
  }
  return {
    id: event.id,
    streamId,
    type,
    revision: event.revision,
    position: positionOf(resolved) ?? 0n,
    data: event.data,
    metadata: isObject(event.metadata) ? (event.metadata as EventMetadata) : {},
    createdAt: event.created,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
