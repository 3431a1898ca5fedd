import { expect } from 'chai';
import {
  ACTIVE_WITHIN_MS,
  ArrivalGathering,
  GATHER_WINDOW_MS,
  UNDER_LOAD_WITHIN_MS,
} from '../../../application/event-sourcing/arrival-gathering.ts';

/** A clock and timers moved by hand: what is due runs when the test says so. */
class ManualScheduler {
  time = 0;
  private timers = new Map<number, { at: number; run: () => void }>();
  private immediates: Array<() => void> = [];
  private nextId = 1;

  readonly now = () => this.time;
  readonly setTimer = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  };
  readonly clearTimer = (id: unknown) => {
    this.timers.delete(id as number);
  };
  readonly setImmediate = (run: () => void) => {
    this.immediates.push(run);
  };

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** The check phase of the turn: the immediates asked so far. */
  checkPhase(): void {
    const runs = this.immediates;
    this.immediates = [];
    for (const run of runs) run();
  }

  advance(ms: number): void {
    this.time += ms;
    for (const [id, timer] of [...this.timers]) {
      if (timer.at > this.time) continue;
      this.timers.delete(id);
      timer.run();
    }
  }
}

describe('ArrivalGathering: requests arriving together share their first lookup', () => {
  let scheduler: ManualScheduler;
  let arrivals: ArrivalGathering;
  let ran: string[];
  const lookup = (name: string) => () => ran.push(name);

  beforeEach(() => {
    scheduler = new ManualScheduler();
    arrivals = new ArrivalGathering(scheduler);
    ran = [];
  });

  /** Twenty requests that each found another in flight, on connections since gone quiet: arrivals overlap. */
  const afterAnOpenLoad = () => {
    const slow = {};
    arrivals.requestStarted(slow);
    for (let i = 0; i < 20; i += 1) {
      const connection = {};
      arrivals.requestStarted(connection);
      arrivals.requestFinished(connection);
    }
    arrivals.requestFinished(slow);
    scheduler.advance(ACTIVE_WITHIN_MS + 1);
  };

  /** A request on `source` at the current time whose first step asks for a lookup. */
  const request = (source: object, name: string) => {
    arrivals.requestStarted(source);
    arrivals.defer(lookup(name));
  };

  it('given one request at a time, when its lookup is asked, then it runs on the check phase of the turn, not later', () => {
    // A pool of two connections used in turn: the other one, idle a moment ago, could send, yet nothing is waited for.
    const [first, second] = [{}, {}];
    request(first, 'first');
    scheduler.checkPhase();
    arrivals.requestFinished(first);
    scheduler.advance(UNDER_LOAD_WITHIN_MS + 5);
    request(second, 'second');
    scheduler.checkPhase();

    expect(ran).to.deep.equal(['first', 'second']);
    expect(scheduler.pendingTimers).to.equal(0);
  });

  it('given a client that sends one request at a time over two connections in turn, back to back, then nothing waits', () => {
    const [first, second] = [{}, {}];
    for (let i = 0; i < 10; i += 1) {
      const connection = i % 2 === 0 ? first : second;
      request(connection, `request ${i}`);
      scheduler.checkPhase();
      expect(ran, `request ${i} looked up on its turn`).to.have.length(i + 1);
      arrivals.requestFinished(connection);
      scheduler.advance(1);
    }
    expect(scheduler.pendingTimers).to.equal(0);
  });

  it('given an open load that gave way to one client sending one request at a time, then its requests soon stop waiting', () => {
    afterAnOpenLoad();
    const [first, second] = [{}, {}];
    const waited: boolean[] = [];
    for (let i = 0; i < 30; i += 1) {
      const connection = i % 2 === 0 ? first : second;
      request(connection, `request ${i}`);
      scheduler.checkPhase();
      waited.push(ran.length === i);
      scheduler.advance(GATHER_WINDOW_MS);
      arrivals.requestFinished(connection);
      scheduler.advance(1);
    }
    expect(waited.slice(0, 5), 'the first ones still wait: the arrivals overlapped').to.include(true);
    expect(waited.slice(-15), 'then none waits').to.not.include(true);
    expect(ran).to.have.length(30);
  });

  it('given requests under load and a client that may still send, when a lookup is asked, then it waits the window and the requests asking meanwhile join it', () => {
    afterAnOpenLoad();
    const [a, b, c] = [{}, {}, {}];
    request(a, 'a');
    scheduler.checkPhase();
    arrivals.requestFinished(a);
    scheduler.advance(1);
    request(b, 'b');
    scheduler.checkPhase();
    expect(ran).to.deep.equal(['a']);

    scheduler.advance(GATHER_WINDOW_MS - 1);
    request(c, 'c');
    scheduler.checkPhase();
    expect(ran, 'c arrived within b’s window: both wait for it').to.deep.equal(['a']);

    scheduler.advance(1);
    expect(ran).to.deep.equal(['a', 'b', 'c']);
  });

  it('given every client active a moment ago with a request in flight, when the last of them arrives, then the waiting lookups run at once', () => {
    afterAnOpenLoad();
    const clients = [{}, {}, {}];
    for (const client of clients) arrivals.requestStarted(client);
    for (const client of clients) arrivals.requestFinished(client);
    scheduler.advance(1);

    request(clients[0], 'first');
    scheduler.checkPhase();
    expect(ran, 'two clients may still send: it waits').to.deep.equal([]);
    request(clients[1], 'second');
    request(clients[2], 'third');
    scheduler.checkPhase();

    expect(ran).to.deep.equal(['first', 'second', 'third']);
    expect(scheduler.pendingTimers, 'the window was given up').to.equal(0);
  });

  it('given a client quiet for longer than a moment, when the others are all in flight, then it is not waited for', () => {
    afterAnOpenLoad();
    const [idle, a, b] = [{}, {}, {}];
    arrivals.requestStarted(idle);
    arrivals.requestFinished(idle);
    scheduler.advance(ACTIVE_WITHIN_MS + 1);
    arrivals.requestStarted(a);
    arrivals.requestFinished(a);
    scheduler.advance(1);

    request(a, 'a');
    request(b, 'b');
    scheduler.checkPhase();

    expect(ran).to.deep.equal(['a', 'b']);
  });

  it('given a client that sends a second request before the first is answered, then both count as in flight until each is answered', () => {
    afterAnOpenLoad();
    const [pipelined, other] = [{}, {}];
    arrivals.requestStarted(other);
    arrivals.requestFinished(other);
    scheduler.advance(1);
    arrivals.requestStarted(pipelined);
    arrivals.requestStarted(pipelined);
    arrivals.requestFinished(pipelined);
    arrivals.requestFinished(pipelined);
    arrivals.requestFinished(pipelined);
    scheduler.advance(1);

    request(pipelined, 'lookup');
    scheduler.checkPhase();
    expect(ran, 'the other client may still send').to.deep.equal([]);
    request(other, 'other');
    scheduler.checkPhase();
    expect(ran, 'an extra end was ignored: both clients are in flight').to.deep.equal(['lookup', 'other']);
  });

  it('given connections that each sent one request, spaced apart, then only those of the last moment are kept', () => {
    for (let i = 0; i < 1_000; i += 1) {
      const connection = {};
      arrivals.requestStarted(connection);
      arrivals.requestFinished(connection);
      scheduler.advance(ACTIVE_WITHIN_MS / 4);
    }
    expect(arrivals.sourcesKept).to.be.at.most(5);
  });

  it('given a lookup that throws, when the gathered lookups run, then the others still run and the failure is thrown after them', () => {
    afterAnOpenLoad();
    const [a, b] = [{}, {}];
    arrivals.requestStarted(b);
    arrivals.requestFinished(b);
    scheduler.advance(1);
    arrivals.requestStarted(a);
    arrivals.defer(() => {
      throw new Error('lookup failed');
    });
    arrivals.defer(lookup('after'));

    expect(() => scheduler.advance(GATHER_WINDOW_MS)).to.throw('lookup failed');
    expect(ran).to.deep.equal(['after']);
  });
});
