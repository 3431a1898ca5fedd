import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';
import { Leases, type HeldLease, type LeaseInfo } from './leases.ts';
import { Membership, type Member } from './membership.ts';
import { assignWork } from './assign-work.ts';

/** A piece of background work only one instance may run at a time: a projection, a process manager, a scheduler. */
export interface SharedWork {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface WorkSharingOptions {
  instanceId: string;
  /** Host and process, for operators. */
  description: string;
  /** A holder that stops renewing loses an item this long after its last renewal. */
  leaseTtlMs?: number;
  /** How often leases are renewed and free items looked for. */
  tickMs?: number;
  /** A member that joins takes the items it should hold only after it has been alive this long. */
  handoffAfterMs?: number;
  /** A member not heard from for this long counts as gone (default three ticks). */
  memberStaleMs?: number;
}

export interface SharedWorkStatus {
  name: string;
  /** Runs in this instance. */
  here: boolean;
  /** The instance holding it, when one does. */
  holder: string | null;
}

/**
 * Shares background work among the instances that run workers. Each item is held through a lease; items are spread
 * evenly over the live members by bounded rendezvous hashing, so every instance agrees who should hold what. An instance that dies
 * stops renewing: its items' leases expire and their preferred members take them over (within lease TTL plus one
 * tick). An item is started only once its lease is held, and stopped when the lease is lost or handed over.
 */
export class WorkSharing {
  private readonly leases: Leases;
  private readonly membership: Membership;
  private readonly held = new Map<string, HeldLease>();
  private view: LeaseInfo[] = [];
  private timer: NodeJS.Timeout | undefined;
  private rounds: Promise<void> = Promise.resolve();
  private stopped = false;
  private running = false;
  private readonly ttlMs: number;
  private readonly tickMs: number;
  private readonly handoffAfterMs: number;
  private readonly memberStaleMs: number;

  constructor(
    private readonly items: readonly SharedWork[],
    store: CoordinationStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: WorkSharingOptions,
  ) {
    this.ttlMs = options.leaseTtlMs ?? 10_000;
    this.tickMs = options.tickMs ?? 2_000;
    this.handoffAfterMs = options.handoffAfterMs ?? 5_000;
    this.memberStaleMs = options.memberStaleMs ?? 3 * this.tickMs;
    this.leases = new Leases(store, clock);
    this.membership = new Membership(store, clock, options.instanceId, options.description, this.memberStaleMs);
  }

  get instanceId(): string {
    return this.options.instanceId;
  }

  get started(): boolean {
    return this.running;
  }

  /** Joins, takes what this instance should hold now, then keeps at it every tick. */
  async start(): Promise<void> {
    this.stopped = false;
    this.running = true;
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** One round; rounds never overlap. */
  tick(): Promise<void> {
    this.rounds = this.rounds.then(() => this.round()).catch((error) => this.logger.error({ err: error }, 'work sharing round failed'));
    return this.rounds;
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    let members: Member[] | undefined;
    try {
      await this.membership.heartbeat();
      members = await this.membership.alive();
      this.view = await this.leases.list();
    } catch (error) {
      // The store is down: keep what is held while its leases last, take nothing new.
      this.logger.warn({ err: error }, 'coordination store unavailable; keeping held work until its leases run out');
      for (const item of this.items) {
        const lease = this.held.get(item.name);
        if (lease && lease.expiresAt - this.clock.now().getTime() <= this.safetyMs()) await this.drop(item, 'its lease could not be renewed');
      }
      return;
    }
    const ids = members.map((member) => member.id);
    if (!ids.includes(this.instanceId)) ids.push(this.instanceId);
    const assignment = assignWork(this.items.map((item) => item.name), ids);
    for (const item of this.items) {
      if (this.stopped) return;
      const preferred = assignment.get(item.name)!;
      const lease = this.held.get(item.name);
      if (lease) await this.keep(item, lease, preferred, members);
      else if (preferred === this.instanceId || this.orphaned(item.name, preferred, members)) await this.take(item);
    }
  }

  private async keep(item: SharedWork, lease: HeldLease, preferred: string, members: Member[]): Promise<void> {
    const now = this.clock.now().getTime();
    const newcomer = members.find((member) => member.id === preferred);
    if (preferred !== this.instanceId && newcomer && now - newcomer.joinedAt >= this.handoffAfterMs) {
      await this.drop(item, `handed over to ${preferred}`);
      return;
    }
    if (lease.expiresAt - now > this.ttlMs / 2) return;
    try {
      const renewed = await this.leases.renew(lease, this.ttlMs);
      if (renewed) this.held.set(item.name, renewed);
      else await this.drop(item, 'its lease was taken over', false);
    } catch (error) {
      this.logger.warn({ err: error, work: item.name }, 'lease renewal failed');
      if (lease.expiresAt - this.clock.now().getTime() <= this.safetyMs()) await this.drop(item, 'its lease could not be renewed');
    }
  }

  /** No live lease, and its preferred member has had time to take it and did not (an instance without that item). */
  private orphaned(name: string, preferred: string, members: Member[]): boolean {
    const lease = this.view.find((info) => info.name === name);
    if (lease?.live) return false;
    const member = members.find((candidate) => candidate.id === preferred);
    return !member || this.clock.now().getTime() - member.joinedAt >= this.handoffAfterMs + this.memberStaleMs;
  }

  private async take(item: SharedWork): Promise<void> {
    let lease: HeldLease | null;
    try {
      lease = await this.leases.acquire(item.name, this.instanceId, this.ttlMs);
    } catch (error) {
      this.logger.warn({ err: error, work: item.name }, 'lease acquisition failed');
      return;
    }
    if (!lease) return;
    this.held.set(item.name, lease);
    this.logger.info({ work: item.name, fence: lease.fence }, 'took over work');
    try {
      await item.start();
    } catch (error) {
      this.logger.error({ err: error, work: item.name }, 'work failed to start; letting it go');
      await this.drop(item, 'it failed to start');
    }
  }

  /** Stops the item, then lets its lease go (unless it was already lost). */
  private async drop(item: SharedWork, reason: string, release = true): Promise<void> {
    const lease = this.held.get(item.name);
    this.held.delete(item.name);
    this.logger.info({ work: item.name, reason }, 'stopping work');
    await item.stop().catch((error) => this.logger.error({ err: error, work: item.name }, 'work failed to stop'));
    if (release && lease) await this.leases.release(lease).catch(() => undefined);
  }

  /** Stopping this close to expiry leaves room for a slow stop before another holder may start. */
  private safetyMs(): number {
    return Math.min(this.ttlMs / 4, 2 * this.tickMs);
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  status(): SharedWorkStatus[] {
    const now = this.clock.now().getTime();
    return this.items.map((item) => {
      if (this.held.has(item.name)) return { name: item.name, here: true, holder: this.instanceId };
      const lease = this.view.find((info) => info.name === item.name && info.expiresAt > now);
      return { name: item.name, here: false, holder: lease?.holder ?? null };
    });
  }

  /** Who holds each item now, read from the store (works in an instance that runs no workers too). */
  async observe(): Promise<SharedWorkStatus[]> {
    this.view = await this.leases.list();
    return this.status();
  }

  /** Stops every held item, releases their leases and leaves, so other instances take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.running = false;
    clearInterval(this.timer);
    await this.rounds;
    for (const item of this.items) if (this.held.has(item.name)) await this.drop(item, 'this instance is stopping');
    await this.membership.leave().catch(() => undefined);
  }
}
