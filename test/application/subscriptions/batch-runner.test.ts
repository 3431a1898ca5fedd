import { expect } from 'chai';
import type { RecordedEvent, SubscriptionMessage } from '../../../application/ports/event-store.ts';
import { batchedMessages } from '../../../application/subscriptions/batched-messages.ts';
import type { EventHandler } from '../../../application/subscriptions/event-handler.ts';
import { SubscriptionRunner } from '../../../application/subscriptions/subscription-runner.ts';
import { openTempStores, silentLogger, type TempStores } from '../../support/fixtures.ts';

const FAST_RETRY = { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 2 };

/** Takes batches; a batch or an event whose stream is in `failing` throws. */
class BatchHandler implements EventHandler {
  readonly name = 'batches';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypePrefixes: ['Thing'] };
  readonly batches: bigint[][] = [];
  readonly singles: bigint[] = [];
  readonly failing = new Set<string>();

  async handle(event: RecordedEvent): Promise<void> {
    if (this.failing.has(event.streamId)) throw new Error(`cannot handle ${event.streamId}`);
    this.singles.push(event.position);
  }

  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    if (events.some((event) => this.failing.has(event.streamId))) throw new Error('a batch with a failing event');
    this.batches.push(events.map((event) => event.position));
  }

  handled(): bigint[] {
    return [...this.batches.flat(), ...this.singles].sort((a, b) => (a < b ? -1 : 1));
  }
}

async function* messagesOf(items: Array<SubscriptionMessage | 'pause'>): AsyncGenerator<SubscriptionMessage> {
  for (const item of items) {
    if (item === 'pause') await new Promise((resolve) => setTimeout(resolve, 5));
    else yield item;
  }
}

const event = (position: number): SubscriptionMessage => ({
  kind: 'event',
  event: { id: `e${position}`, streamId: `s${position}`, type: 'ThingHappened', revision: 0n, position: BigInt(position), data: {}, metadata: {}, createdAt: new Date(0) },
});

describe('Handlers that take batches', () => {
  describe('batchedMessages', () => {
    it('groups what is ready together, ends a batch at the size limit, before other messages and when the source pauses', async () => {
      const source = messagesOf([event(1), event(2), event(3), event(4), event(5), { kind: 'checkpoint', position: 7n }, event(8), 'pause', event(9), { kind: 'caught-up' }]);
      const out: string[] = [];
      for await (const message of batchedMessages(source, 3)) {
        out.push(message.kind === 'batch' ? `batch ${message.events.map((e) => e.position).join(',')}` : message.kind);
      }
      expect(out).to.deep.equal(['batch 1,2,3', 'batch 4,5', 'checkpoint', 'batch 8', 'batch 9', 'caught-up']);
    });
  });

  describe('SubscriptionRunner with handleBatch', () => {
    let stores: TempStores;
    let runner: SubscriptionRunner | undefined;
    beforeEach(() => (stores = openTempStores()));
    afterEach(async () => {
      await runner?.stop();
      await stores.dispose();
    });

    const append = async (...streams: string[]) => {
      const positions: bigint[] = [];
      for (const stream of streams) positions.push((await stores.events.append(stream, [{ type: 'ThingHappened', data: {}, metadata: {} }], 'any')).position);
      return positions;
    };

    it('given events already in the log, then they come in batches, in log order, each once, and the checkpoint follows', async () => {
      const positions = await append(...Array.from({ length: 30 }, (_, i) => `thing-${i}`));
      const handler = new BatchHandler();
      runner = new SubscriptionRunner(stores.events, stores.readModels.checkpoints, handler, silentLogger, { retry: FAST_RETRY });
      await runner.start();
      await runner.waitFor(positions[29]);
      expect(handler.batches.length).to.be.lessThan(30);
      expect(handler.batches.flat()).to.deep.equal(positions);
      expect(handler.singles).to.deep.equal([]);
      await runner.stop();
      expect(await stores.readModels.checkpoints.load('batches')).to.equal(positions[29]);
    });

    it('given a batch that fails, then its events are handled one at a time: the others get through and the failing one stops the runner, named, with the checkpoint before it', async () => {
      const positions = await append('thing-a', 'thing-b', 'bad', 'thing-c');
      const handler = new BatchHandler();
      handler.failing.add('bad');
      runner = new SubscriptionRunner(stores.events, stores.readModels.checkpoints, handler, silentLogger, { retry: FAST_RETRY });
      await runner.start();
      for (let i = 0; i < 200 && runner.status().state !== 'failed'; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
      const status = runner.status();
      expect(status.state).to.equal('failed');
      expect(status.error).to.contain(`cannot handle bad at position ${positions[2]}`);
      expect(handler.handled()).to.deep.equal([positions[0], positions[1]]);
      expect(status.position).to.equal(String(positions[1]));
    });
  });
});
