import type {
  AppendResult,
  EventData,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  ReadAllOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../../../application/ports/event-store.ts';
import { FaultSwitch } from './fault-switch.ts';
import { FaultySubscription } from './faulty-subscription.ts';

/**
 * Any event store with faults injected on demand: the store unreachable, appends timing out (before or after the
 * write lands), live subscriptions dropped with an error or ended without one. Works over every adapter.
 */
export class FaultyEventStore implements EventStore {
  /** Every call fails, and every subscription fails when read. */
  readonly unreachable = new FaultSwitch('event store', 'connection refused');
  /** Appends fail as timed out, and nothing is written. */
  readonly appendTimeouts = new FaultSwitch('event store', 'append timed out');
  /** Appends are written, but the caller sees a timeout: the ambiguous case. */
  readonly appendTimeoutsAfterWrite = new FaultSwitch('event store', 'append timed out after the write');
  /** Only subscriptions fail (on their first read), while every other call works. */
  readonly subscriptionFailures = new FaultSwitch('event store', 'subscription refused');
  readonly subscriptions: FaultySubscription[] = [];

  constructor(readonly inner: EventStore) {}

  /** Live subscriptions fail at once with a store error (a lost connection, a server restart). */
  dropSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.drop(this.unreachable.error('subscription'));
  }

  /** Live subscriptions end without an error (a server that closed the stream). */
  endSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.end();
  }

  async append(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    this.unreachable.check(`append to ${streamId}`);
    this.appendTimeouts.check(`append to ${streamId}`);
    const result = await this.inner.append(streamId, events, expected);
    this.appendTimeoutsAfterWrite.check(`append to ${streamId}`);
    return result;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    this.unreachable.check(`read ${streamId}`);
    return this.inner.readStream(streamId);
  }

  async streamRevision(streamId: string): Promise<bigint | 'no_stream'> {
    this.unreachable.check(`read the end of ${streamId}`);
    return this.inner.streamRevision(streamId);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    this.unreachable.check('read $all');
    return this.inner.readAll(options);
  }

  subscribeToAll(options: SubscribeOptions): EventSubscription {
    const subscription = new FaultySubscription(() => this.inner.subscribeToAll(options), [this.unreachable, this.subscriptionFailures]);
    this.subscriptions.push(subscription);
    return subscription;
  }

  async headPosition(): Promise<bigint> {
    this.unreachable.check('read the head');
    return this.inner.headPosition();
  }

  async eventsAfter(position: bigint, limit: number): Promise<number> {
    this.unreachable.check('count events');
    return this.inner.eventsAfter(position, limit);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
