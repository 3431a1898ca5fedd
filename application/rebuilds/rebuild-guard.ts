import { Leases, type HeldLease } from '../coordination/leases.ts';
import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';

/** A rebuild of that projection runs already, in this instance or another. */
export class RebuildRunningError extends Error {
  constructor(
    readonly projection: string,
    /** The instance running it; null: this one. */
    readonly holder: string | null,
  ) {
    super(`a rebuild of ${projection} is already running ${holder === null ? 'in this instance' : `in instance ${holder}`}`);
    this.name = 'RebuildRunningError';
  }
}

/** The right to rebuild one projection, held while the rebuild runs; `signal` aborts when it is lost or a stop is asked. */
interface RebuildClaim {
  readonly signal: AbortSignal;
  release(): Promise<void>;
}

const STOP_PREFIX = 'rebuild-stop:';

/**
 * One rebuild of a projection at a time across every instance and the CLI: a lease per projection, renewed while the
 * rebuild runs. A stop asked for in any instance reaches the one that runs it at its next renewal.
 */
export class RebuildGuard {
  private readonly leases: Leases;

  constructor(
    private readonly store: CoordinationStore,
    clock: Clock,
    private readonly holder: string,
    private readonly ttlMs = 30_000,
  ) {
    this.leases = new Leases(store, clock);
  }

  async claim(projection: string): Promise<RebuildClaim> {
    const name = `rebuild:${projection}`;
    let lease: HeldLease | null = await this.leases.acquire(name, this.holder, this.ttlMs);
    if (!lease) throw new RebuildRunningError(projection, (await this.holderOf(projection)) ?? 'unknown');
    const stopKey = STOP_PREFIX + projection;
    const stale = await this.store.read(stopKey);
    if (stale) await this.store.remove(stopKey, stale.version);
    const controller = new AbortController();
    const keep = setInterval(() => {
      void (async () => {
        if (!lease) return;
        lease = await this.leases.renew(lease, this.ttlMs).catch(() => lease);
        const stop = await this.store.read(stopKey).catch(() => undefined);
        if (!lease || stop) {
          if (stop) await this.store.remove(stopKey, stop.version).catch(() => false);
          controller.abort();
        }
      })();
    }, this.ttlMs / 3);
    keep.unref();
    return {
      signal: controller.signal,
      release: async () => {
        clearInterval(keep);
        if (lease) await this.leases.release(lease).catch(() => undefined);
        lease = null;
      },
    };
  }

  /** The instance rebuilding the projection now, if any. */
  async holderOf(projection: string): Promise<string | null> {
    const [lease] = (await this.leases.list(`rebuild:${projection}`)).filter((info) => info.name === `rebuild:${projection}` && info.live);
    return lease?.holder ?? null;
  }

  /** Asks whichever instance rebuilds the projection to pause; answers whether one does. */
  async requestStop(projection: string): Promise<boolean> {
    if (!(await this.holderOf(projection))) return false;
    const key = STOP_PREFIX + projection;
    const current = await this.store.read(key);
    await this.store.write(key, { by: this.holder }, current?.version);
    return true;
  }
}
