import type { EventSubscription, SubscriptionMessage } from '../../../application/ports/event-store.ts';
import type { FaultSwitch } from './fault-switch.ts';

type Interruption = { kind: 'drop'; error: Error } | { kind: 'end' };

/** A subscription the test can break: it fails or ends at once, even while its consumer waits for the next message. */
export class FaultySubscription implements EventSubscription {
  private interrupt: ((reason: Interruption) => void) | undefined;
  private readonly interrupted: Promise<Interruption>;
  private inner: EventSubscription | undefined;
  private closed = false;
  private readonly iterator: AsyncGenerator<SubscriptionMessage>;

  constructor(
    private readonly open: () => EventSubscription,
    private readonly outages: readonly FaultSwitch[],
  ) {
    this.interrupted = new Promise((resolve) => (this.interrupt = resolve));
    this.iterator = this.messages();
  }

  drop(error: Error): void {
    this.interrupt?.({ kind: 'drop', error });
  }

  end(): void {
    this.interrupt?.({ kind: 'end' });
  }

  [Symbol.asyncIterator](): AsyncIterator<SubscriptionMessage> {
    return this.iterator;
  }

  private async *messages(): AsyncGenerator<SubscriptionMessage> {
    // The store is down when the subscription starts: it fails on its first read, as a real client would.
    for (const outage of this.outages) outage.check('subscribe to $all');
    this.inner = this.open();
    const source = this.inner[Symbol.asyncIterator]();
    try {
      while (!this.closed) {
        const next = await Promise.race([source.next(), this.interrupted]);
        if ('kind' in next) {
          if (next.kind === 'drop') throw next.error;
          return;
        }
        if (next.done) return;
        const outage = this.outages.find((candidate) => candidate.active);
        if (outage) throw outage.error('subscription');
        yield next.value;
      }
    } finally {
      await this.inner.close();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.interrupt?.({ kind: 'end' });
    await this.inner?.close();
  }
}
