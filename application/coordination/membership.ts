import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';

export interface Member {
  id: string;
  /** What an operator needs to find it: host, process id. */
  description: string;
  joinedAt: number;
  seenAt: number;
}

const PREFIX = 'member:';

/**
 * The instances that run workers, each renewing its own record: a member not seen for `staleMs` counts as gone.
 * Members only decide who should hold what; the leases alone decide who does.
 */
export class Membership {
  private version: number | undefined;
  private joinedAt = 0;

  constructor(
    private readonly store: CoordinationStore,
    private readonly clock: Clock,
    readonly id: string,
    private readonly description: string,
    private readonly staleMs: number,
  ) {}

  /** Records that this member is alive now. */
  async heartbeat(): Promise<void> {
    const key = PREFIX + this.id;
    const now = this.clock.now().getTime();
    if (!this.joinedAt) this.joinedAt = now;
    const member: Member = { id: this.id, description: this.description, joinedAt: this.joinedAt, seenAt: now };
    if (await this.store.write(key, member, this.version)) {
      this.version = (this.version ?? 0) + 1;
      return;
    }
    // Our record changed under us (a restart with the same id, a cleanup): write over what is there.
    const current = await this.store.read<Member>(key);
    if (await this.store.write(key, member, current?.version)) this.version = (current?.version ?? 0) + 1;
  }

  /** Members seen recently, this one included once it has sent a heartbeat. */
  async alive(): Promise<Member[]> {
    const now = this.clock.now().getTime();
    const records = await this.store.list<Member>(PREFIX);
    return records.map((record) => record.value).filter((member) => now - member.seenAt < this.staleMs);
  }

  /** Leaves at once (a graceful stop), so others do not wait for this member to go stale. */
  async leave(): Promise<void> {
    const key = PREFIX + this.id;
    const current = await this.store.read<Member>(key);
    if (current && current.value.id === this.id) await this.store.remove(key, current.version);
    this.version = undefined;
  }
}
