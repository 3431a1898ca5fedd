import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { eventHash, genesisHash, HASH_FIELD, PREVIOUS_HASH_FIELD } from '../../application/audit/event-hash.ts';
import type { EventData, EventStore, RecordedEvent } from '../../application/ports/event-store.ts';

const event = (type: string, metadata: Record<string, unknown> = {}): EventData => ({
  type,
  data: { at: new Date(0), list: [1, undefined, { b: 2, a: 1 }], skipped: undefined },
  metadata: { tenantId: 't1', environment: 'test', schemaVersion: 1, ...metadata },
});

/** Each event's stored hash recomputes, and links to the previous event's hash (the first one to the stream's genesis). */
function expectChained(streamId: string, events: RecordedEvent[]): void {
  let previous = genesisHash(streamId);
  for (const recorded of events) {
    expect(recorded.metadata[PREVIOUS_HASH_FIELD], `revision ${recorded.revision}`).to.equal(previous);
    expect(recorded.metadata[HASH_FIELD], `revision ${recorded.revision}`).to.equal(eventHash(previous, recorded));
    previous = String(recorded.metadata[HASH_FIELD]);
  }
}

/** The verifiable trail: every adapter chains every stream in its append, whatever the expected revision. */
export function trailContract(store: () => EventStore): void {
  const stream = () => `trail-${randomBytes(6).toString('hex')}`;

  it('chains each event to the previous one of its stream, the first to the genesis of the stream id', async () => {
    const id = stream();
    await store().append(id, [event('TrailA'), event('TrailB')], 'no_stream');
    await store().append(id, [event('TrailC')], 1n);
    await store().append(id, [event('TrailD')], 'any');
    await store().append(id, [event('TrailE')], 'stream_exists');
    const events = await store().readStream(id);
    expect(events).to.have.length(5);
    expectChained(id, events);
  });

  it('recomputes the trail fields a caller sends instead of trusting them', async () => {
    const id = stream();
    await store().append(id, [event('TrailForged', { [HASH_FIELD]: 'forged', [PREVIOUS_HASH_FIELD]: 'forged' })], 'any');
    const events = await store().readStream(id);
    expect(events[0].metadata[HASH_FIELD]).to.not.equal('forged');
    expectChained(id, events);
  });

  it('keeps one chain when appends with any race on one stream', async () => {
    const id = stream();
    await Promise.all(Array.from({ length: 8 }, (_, n) => store().append(id, [event(`TrailRace${n}`)], 'any')));
    const events = await store().readStream(id);
    expect(events).to.have.length(8);
    expectChained(id, events);
  });

  it('hashes alike two streams with the same events only up to their genesis: the stream id is covered', async () => {
    const [a, b] = [stream(), stream()];
    await store().append(a, [event('TrailSame')], 'no_stream');
    await store().append(b, [event('TrailSame')], 'no_stream');
    const [[first], [second]] = [await store().readStream(a), await store().readStream(b)];
    expect(first.metadata[HASH_FIELD]).to.not.equal(second.metadata[HASH_FIELD]);
  });
}
