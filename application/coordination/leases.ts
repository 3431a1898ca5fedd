import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';

interface LeaseRecord {
  holder: string;
  /** Clock time (ms) after which another holder may take it. */
  expiresAt: number;
  /** Grows each time the lease changes hands, so a holder can tell its tenure from a later one. */
  fence: number;
}

export interface HeldLease {
  name: string;
  holder: string;
  fence: number;
  expiresAt: number;
  version: number;
}

export interface LeaseInfo {
  name: string;
  holder: string;
  expiresAt: number;
  live: boolean;
}

const PREFIX = 'lease:';

/**
 * Named leases in the coordination store: one holder at a time, for a time-to-live the holder renews. A holder that
 * stops renewing (its process died) loses the lease when it expires. Compare-and-set on the record's version makes
 * every change single-winner; clocks of the instances are assumed within a few seconds of each other.
 */
export class Leases {
  constructor(
    private readonly store: CoordinationStore,
    private readonly clock: Clock,
  ) {}

  /** Takes the lease when it is free, expired or already this holder's; null when another holder has it. */
  async acquire(name: string, holder: string, ttlMs: number): Promise<HeldLease | null> {
    const key = PREFIX + name;
    const current = await this.store.read<LeaseRecord>(key);
    const now = this.clock.now().getTime();
    if (current && current.value.holder !== holder && current.value.expiresAt > now) return null;
    const mine = current?.value.holder === holder && current.value.expiresAt > now;
    const record: LeaseRecord = { holder, expiresAt: now + ttlMs, fence: mine ? current.value.fence : (current?.value.fence ?? 0) + 1 };
    if (!(await this.store.write(key, record, current?.version))) return null;
    return { name, holder, fence: record.fence, expiresAt: record.expiresAt, version: (current?.version ?? 0) + 1 };
  }

  /** Extends a held lease; null when it was lost (taken over after it expired). */
  async renew(lease: HeldLease, ttlMs: number): Promise<HeldLease | null> {
    const key = PREFIX + lease.name;
    const current = await this.store.read<LeaseRecord>(key);
    if (!current || current.value.holder !== lease.holder || current.value.fence !== lease.fence) return null;
    const expiresAt = this.clock.now().getTime() + ttlMs;
    if (!(await this.store.write<LeaseRecord>(key, { ...current.value, expiresAt }, current.version))) return null;
    return { ...lease, expiresAt, version: current.version + 1 };
  }

  /** Lets the lease go at once (a graceful stop), so another holder need not wait for it to expire. */
  async release(lease: HeldLease): Promise<void> {
    const key = PREFIX + lease.name;
    const current = await this.store.read<LeaseRecord>(key);
    if (!current || current.value.holder !== lease.holder || current.value.fence !== lease.fence) return;
    await this.store.write<LeaseRecord>(key, { ...current.value, expiresAt: 0 }, current.version);
  }

  /** Every lease whose name starts with `prefix`, live or expired. */
  async list(prefix = ''): Promise<LeaseInfo[]> {
    const now = this.clock.now().getTime();
    const records = await this.store.list<LeaseRecord>(PREFIX + prefix);
    return records.map(({ key, value }) => ({ name: key.slice(PREFIX.length), holder: value.holder, expiresAt: value.expiresAt, live: value.expiresAt > now }));
  }
}
