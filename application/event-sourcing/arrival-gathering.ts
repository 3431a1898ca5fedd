/** How long the first lookup of a request arriving under load waits for others to share it. */
export const GATHER_WINDOW_MS = 2;
/** Arrivals closer than this to the one before count as load: one request at a time never waits. */
export const UNDER_LOAD_WITHIN_MS = 10;
/**
 * The share of recent arrivals that found another request in flight, below which requests are taken as coming one
 * at a time (a client that waits for each answer, over one connection or several in turn) and never wait.
 */
export const OVERLAPPING_AT_LEAST = 0.3;
/** A client whose last request came this recently may send another soon; one quiet longer is not waited for. */
export const ACTIVE_WITHIN_MS = 20;

interface Scheduler {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  setImmediate(run: () => void): void;
}

const realScheduler: Scheduler = {
  now: () => performance.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
  setImmediate: (run) => setImmediate(run),
};

/**
 * Gathers the first lookup of requests that arrive close together, so that one lookup serves them and they go on
 * together (FoldedStreamCache's `defer`; see README, "How the embedded path batches"). Under an open load the requests
 * come a fraction of a millisecond apart, each in a turn of its own, and each paid the lookups, the group commit and
 * the cold caches of a request alone. So a lookup asked under load waits up to GATHER_WINDOW_MS for the requests still
 * on their way, but only while some client active a moment ago could send one: when every one of them has a request
 * in flight (a client that waits for each answer, as a closed loop does), nobody else is coming, and the lookup runs
 * at once. A request that comes alone (none other within UNDER_LOAD_WITHIN_MS) never waits, nor one of a client that
 * sends one request at a time (recent arrivals rarely found another in flight: OVERLAPPING_AT_LEAST).
 *
 * The sources are the clients' connections: the HTTP server reports each request's start and end (`gatherArrivals`).
 */
export class ArrivalGathering {
  private readonly scheduler: Scheduler;
  /** Sources by the time of their latest request, oldest first (pruned past ACTIVE_WITHIN_MS). */
  private readonly recent = new Map<object, number>();
  private readonly inFlight = new Map<object, number>();
  private recentInFlight = 0;
  private totalInFlight = 0;
  /** Moving average (weight 1/10) of whether an arrival found another request in flight. */
  private overlapping = 0;
  private previousArrival = Number.NEGATIVE_INFINITY;
  private latestArrival = Number.NEGATIVE_INFINITY;
  private waiting: Array<() => void> = [];
  private timer: unknown;
  private flushAsked = false;

  constructor(scheduler: Partial<Scheduler> = {}) {
    this.scheduler = { ...realScheduler, ...scheduler };
  }

  /** Runs `run` later, never before it returns: with the others asked meanwhile, after the window or at once. */
  readonly defer = (run: () => void): void => {
    this.waiting.push(run);
    if (this.waiting.length > 1) return;
    const close = this.latestArrival - this.previousArrival < UNDER_LOAD_WITHIN_MS;
    this.pruneQuiet(this.scheduler.now());
    if (close && this.overlapping >= OVERLAPPING_AT_LEAST && this.othersMaySend()) {
      this.timer = this.scheduler.setTimer(() => this.flush(), GATHER_WINDOW_MS);
    } else this.flushSoon();
  };

  /** A request began on `source` (a connection). Call it before the request's own handlers run. */
  requestStarted(source: object): void {
    const now = this.scheduler.now();
    this.previousArrival = this.latestArrival;
    this.latestArrival = now;
    this.forget(source);
    // Every arrival prunes, so that connections gone quiet (closed ones too) are never kept for long.
    this.pruneQuiet(now);
    const inFlight = (this.inFlight.get(source) ?? 0) + 1;
    this.inFlight.set(source, inFlight);
    this.overlapping = 0.9 * this.overlapping + (this.totalInFlight > 0 ? 0.1 : 0);
    this.totalInFlight += 1;
    // Re-entered last, so the map stays in order of latest request.
    this.recent.set(source, now);
    this.recentInFlight += inFlight;
    if (this.waiting.length > 0 && !this.othersMaySend()) this.flushSoon();
  }

  /** The request's answer was sent, or its connection closed. */
  requestFinished(source: object): void {
    const left = (this.inFlight.get(source) ?? 0) - 1;
    if (left < 0) return;
    this.totalInFlight -= 1;
    if (left === 0) this.inFlight.delete(source);
    else this.inFlight.set(source, left);
    if (this.recent.has(source)) this.recentInFlight -= 1;
  }

  /** How many sources are remembered (the recent ones and those with a request in flight). */
  get sourcesKept(): number {
    return new Set([...this.recent.keys(), ...this.inFlight.keys()]).size;
  }

  /** Whether a source active within ACTIVE_WITHIN_MS has no request in flight (so it may send one soon); pruned first. */
  private othersMaySend(): boolean {
    return this.recent.size > this.recentInFlight;
  }

  private pruneQuiet(now: number): void {
    for (const [source, at] of this.recent) {
      if (at >= now - ACTIVE_WITHIN_MS) return;
      this.forget(source);
    }
  }

  private forget(source: object): void {
    if (!this.recent.delete(source)) return;
    this.recentInFlight -= this.inFlight.get(source) ?? 0;
  }

  private flushSoon(): void {
    if (this.flushAsked) return;
    this.flushAsked = true;
    if (this.timer !== undefined) this.scheduler.clearTimer(this.timer);
    this.timer = undefined;
    this.scheduler.setImmediate(() => this.flush());
  }

  private flush(): void {
    if (this.timer !== undefined) this.scheduler.clearTimer(this.timer);
    this.timer = undefined;
    this.flushAsked = false;
    const runs = this.waiting;
    this.waiting = [];
    let failure: { error: unknown } | undefined;
    for (const run of runs) {
      try {
        run();
      } catch (error) {
        failure ??= { error };
      }
    }
    // As from setImmediate: a failing run is not swallowed, but the others ran first.
    if (failure) throw failure.error;
  }
}
