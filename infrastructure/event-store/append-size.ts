import type { EventMetadata } from '../../application/ports/event-store.ts';

/** KurrentDB's default `MaxAppendSize`; the embedded store applies the same limit so both refuse the same bodies. */
export const DEFAULT_MAX_APPEND_BYTES = 1_048_576;

/** The two trail fields the store adds to every event's metadata: two 64-digit hashes with their names and quotes. */
const TRAIL_BYTES = 160;

/** Bytes of an append as the server counts them: each event's type, JSON data and JSON metadata with its trail. */
export function appendBytes(events: ReadonlyArray<{ type: string; data: string; metadata: EventMetadata }>): number {
  let total = 0;
  for (const event of events) {
    total += Buffer.byteLength(event.type) + Buffer.byteLength(event.data) + Buffer.byteLength(JSON.stringify(event.metadata)) + TRAIL_BYTES;
  }
  return total;
}
