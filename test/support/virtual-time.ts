import type { Clock } from '../../application/ports/clock.ts';

/**
 * A clock that several "instances" share, whose sleeps end only when `run` moves time on: whenever nothing else can
 * happen, time jumps to the earliest wake-up and that sleeper goes on. Instances interleave as they would in real
 * time, without waiting for it.
 */
export class VirtualTime implements Clock {
  private current: number;
  private readonly sleepers: Array<{ at: number; wake: () => void }> = [];

  constructor(iso: string) {
    this.current = Date.parse(iso);
  }

  now(): Date {
    return new Date(this.current);
  }

  readonly sleep = (ms: number): Promise<void> => new Promise((wake) => this.sleepers.push({ at: this.current + ms, wake }));

  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    const done = work.finally(() => (settled = true));
    done.catch(() => undefined); // the caller sees the failure through the returned promise
    for (let idle = 0; ; ) {
      // Whatever is not asleep runs first (the stores used with it answer without real I/O).
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) return done;
      if (this.sleepers.length === 0) {
        idle += 1;
        if (idle > 1_000) throw new Error('VirtualTime: nothing asleep and the work does not finish');
        continue;
      }
      idle = 0;
      const next = this.sleepers.reduce((earliest, sleeper) => (sleeper.at < earliest.at ? sleeper : earliest));
      this.sleepers.splice(this.sleepers.indexOf(next), 1);
      this.current = Math.max(this.current, next.at);
      next.wake();
    }
  }
}
