import type { CollectionDefinition, CollectionOptions, Query, ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';

/**
 * A read-model store that passes everything through, and watches the pages of one collection that a predicate picks:
 * it counts the pages asked and answered, and can hold back every page after the first `n` until released.
 */
export class PageWatchingReadModelStore implements ReadModelStore {
  asked = 0;
  answered = 0;
  private held: { after: number; released: Promise<void>; release: () => void } | undefined;
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(
    private readonly inner: ReadModelStore,
    private readonly collectionName: string,
    private readonly watched: (query: Query) => boolean,
  ) {}

  get checkpoints() {
    return this.inner.checkpoints;
  }

  get settings() {
    return this.inner.settings;
  }

  /** Pages after the first `count` (from now on) wait until `release()`. */
  holdAfter(count: number): void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { after: this.asked + count, released, release };
  }

  release(): void {
    this.held?.release();
    this.held = undefined;
  }

  /** Resolves once `count` watched pages have been asked for. */
  untilAsked(count: number): Promise<void> {
    if (this.asked >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  reset(): void {
    this.asked = 0;
    this.answered = 0;
  }

  collection<T extends object>(definition: CollectionDefinition, options?: CollectionOptions): ReadModelCollection<T> {
    const inner = this.inner.collection<T>(definition, options);
    if (!definition.name.startsWith(this.collectionName)) return inner;
    return {
      get: (key) => inner.get(key),
      upsert: (key, revision, row) => inner.upsert(key, revision, row),
      remove: (key, revision) => inner.remove(key, revision),
      count: (filter) => inner.count(filter),
      explain: (query) => inner.explain(query),
      clear: () => inner.clear(),
      find: async (query) => {
        if (!this.watched(query)) return inner.find(query);
        this.asked += 1;
        for (const waiter of this.waiters.filter((w) => this.asked >= w.count)) waiter.resolve();
        const held = this.held;
        if (held && this.asked > held.after) await held.released;
        const rows = await inner.find(query);
        this.answered += 1;
        return rows;
      },
    };
  }

  finishBuilding(definition: CollectionDefinition): Promise<void> {
    return this.inner.finishBuilding(definition);
  }

  dropCollection(name: string): Promise<void> {
    return this.inner.dropCollection(name);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
