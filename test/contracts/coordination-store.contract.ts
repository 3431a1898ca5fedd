import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';

export interface CoordinationStoreFixture {
  store: CoordinationStore;
  /** Another handle on the same records (a second instance). */
  other(): Promise<CoordinationStore>;
  cleanup(): Promise<void>;
}

/** Read, change, write with the version read; again on a lost race. */
async function increment(store: CoordinationStore, key: string): Promise<void> {
  for (;;) {
    const current = await store.read<{ n: number }>(key);
    if (await store.write(key, { n: (current?.value.n ?? 0) + 1 }, current?.version)) return;
  }
}

export function coordinationStoreContract(name: string, make: () => Promise<CoordinationStoreFixture>): void {
  describe(`CoordinationStore contract: ${name}`, () => {
    let fixture: CoordinationStoreFixture;
    let store: CoordinationStore;
    let prefix: string;

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
      prefix = `c${randomBytes(4).toString('hex')}:`;
    });

    afterEach(() => fixture.cleanup());

    it('reads nothing for a key never written', async () => {
      expect(await store.read(`${prefix}none`)).to.equal(undefined);
    });

    it('creates a record at version 1 only when there is none, and round-trips JSON values', async () => {
      const value = { holder: 'instancia-ñ', expiresAt: 1_700_000_000_123, nested: { list: [1, 'dos', null], flag: true } };
      expect(await store.write(`${prefix}a`, value, undefined)).to.equal(true);
      expect(await store.write(`${prefix}a`, { other: 1 }, undefined)).to.equal(false);
      expect(await store.read(`${prefix}a`)).to.deep.equal({ value, version: 1 });
    });

    it('writes over the version read and refuses a stale one', async () => {
      await store.write(`${prefix}b`, { n: 1 }, undefined);
      expect(await store.write(`${prefix}b`, { n: 2 }, 1)).to.equal(true);
      expect(await store.write(`${prefix}b`, { n: 3 }, 1)).to.equal(false);
      expect(await store.write(`${prefix}missing`, { n: 1 }, 1)).to.equal(false);
      expect(await store.read(`${prefix}b`)).to.deep.equal({ value: { n: 2 }, version: 2 });
    });

    it('removes a record only at the version read', async () => {
      await store.write(`${prefix}c`, { n: 1 }, undefined);
      expect(await store.remove(`${prefix}c`, 2)).to.equal(false);
      expect(await store.remove(`${prefix}c`, 1)).to.equal(true);
      expect(await store.read(`${prefix}c`)).to.equal(undefined);
      expect(await store.write(`${prefix}c`, { n: 9 }, undefined)).to.equal(true);
    });

    it('lists the records of a prefix in key order, and nothing of a longer or different prefix', async () => {
      await store.write(`${prefix}lease:b`, 2, undefined);
      await store.write(`${prefix}lease:a`, 1, undefined);
      await store.write(`${prefix}leasex`, 3, undefined);
      await store.write(`${prefix}member:a`, 4, undefined);
      const listed = await store.list<number>(`${prefix}lease:`);
      expect(listed.map(({ key, value }) => [key, value])).to.deep.equal([
        [`${prefix}lease:a`, 1],
        [`${prefix}lease:b`, 2],
      ]);
    });

    it('loses no update when two instances race read-change-write on one record', async () => {
      const other = await fixture.other();
      const key = `${prefix}counter`;
      await Promise.all(Array.from({ length: 30 }, (_, n) => increment(n % 2 === 0 ? store : other, key)));
      expect((await store.read<{ n: number }>(key))?.value.n).to.equal(30);
      expect((await other.read<{ n: number }>(key))?.version).to.equal(30);
    });
  });
}
