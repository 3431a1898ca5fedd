import { hash } from 'node:crypto';
import type { EventMetadata } from '../ports/event-store.ts';
import { canonicalJson } from './canonical-json.ts';

/** Metadata fields the event store writes to chain each event to the one before it in its stream. */
export const HASH_FIELD = '$hash';
export const PREVIOUS_HASH_FIELD = '$previousHash';

/** What the hash covers: everything about an event except its log position and recording time. */
export interface HashedEvent {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

const sha256 = (text: string) => hash('sha256', text, 'hex');

/** The link of a stream's first event: ties the chain to the stream id (and so to the document id). */
export function genesisHash(streamId: string): string {
  return sha256(`genesis:${streamId}`);
}

export function withoutTrail(metadata: EventMetadata): EventMetadata {
  const { [HASH_FIELD]: _hash, [PREVIOUS_HASH_FIELD]: _previous, ...rest } = metadata;
  return rest;
}

/** The canonical JSON of an event's data and metadata: the costly part of its hash, computable before a write lock. */
export interface HashParts {
  data: string;
  metadata: string;
}

export function hashParts(event: Pick<HashedEvent, 'data' | 'metadata'>): HashParts {
  return { data: canonicalJson(event.data), metadata: canonicalJson(withoutTrail(event.metadata)) };
}

/** sha256 over a canonical JSON array: unambiguous field boundaries, key order irrelevant. */
export function eventHash(previousHash: string, event: HashedEvent, parts: HashParts = hashParts(event)): string {
  const head = [previousHash, event.streamId, event.revision.toString(), event.id, event.type].map((item) => JSON.stringify(item));
  return sha256(`[${[...head, parts.data, parts.metadata].join(',')}]`);
}

export function storedHash(metadata: EventMetadata | undefined): string | undefined {
  const value = metadata?.[HASH_FIELD];
  return typeof value === 'string' ? value : undefined;
}

export function storedPreviousHash(metadata: EventMetadata): string | undefined {
  const value = metadata[PREVIOUS_HASH_FIELD];
  return typeof value === 'string' ? value : undefined;
}

/** What the next event of a stream links to: the last event's hash, or the genesis of a new (or unchained) stream. */
export function nextLink(streamId: string, lastHash: string | undefined): string {
  return lastHash ?? genesisHash(streamId);
}

/** The metadata to store: the caller's, with the trail fields (re)computed. */
export function chainedMetadata(previousHash: string, event: HashedEvent, parts?: HashParts): EventMetadata {
  const metadata = withoutTrail(event.metadata);
  return { ...metadata, [PREVIOUS_HASH_FIELD]: previousHash, [HASH_FIELD]: eventHash(previousHash, { ...event, metadata }, parts) };
}
