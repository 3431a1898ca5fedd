import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Which thread goes first when both want to write the log: the one answering requests. */
export type WriterRole = 'foreground' | 'background';

/** Cells of the shared buffer: the thread holding the turn (its threadId + 1; 0: none), foreground threads waiting. */
const HOLDER = 0;
const WAITING = 1;
export const WRITER_TURNS_BYTES = 2 * Int32Array.BYTES_PER_ELEMENT;

/**
 * How long a thread waits for the turn before it writes anyway. The turn only orders the threads of one process; the
 * log's SQLite lock is what keeps writes apart, so a turn never given back (its thread stopped while holding it) costs
 * at most this much, and only once: the thread that waited it out takes the turn over.
 */
export const MAX_TURN_WAIT_MS = 20;

type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
// In V8 since 8.7 (Node 16); not yet in the TypeScript library this project targets.
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * Turns to write the log among the threads of one process (the HTTP thread and the workers thread), in memory they
 * share. Without them, a thread that found the log's write lock taken retried on a timer (a millisecond at least), and
 * the workers thread, committing groups of 60–80 events in 2 ms or more, took the lock as readily while requests
 * waited: in a closed loop of issuance, one group of requests in seven waited for the log, 4–5 ms on average. With
 * turns, a thread waits for the holder to give its turn back (an atomic wait, woken at once); a background thread lets
 * a foreground one waiting go first, and one holding the turn when a foreground one starts to wait commits what it has
 * written and leaves the rest of its group for its next turn (`shouldGiveWay`).
 */
export class WriterTurns {
  private readonly cells: Int32Array;
  private readonly me: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private markedWaiting = false;
  private waitingSince: number | undefined;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly role: WriterRole,
    options: { holder?: number; maxWaitMs?: number; now?: () => number } = {},
  ) {
    if (buffer.byteLength < WRITER_TURNS_BYTES) throw new Error(`writer turns need a shared buffer of ${WRITER_TURNS_BYTES} bytes`);
    this.cells = new Int32Array(buffer, 0, 2);
    this.me = options.holder ?? threadId + 1;
    this.maxWaitMs = options.maxWaitMs ?? MAX_TURN_WAIT_MS;
    this.now = options.now ?? (() => performance.now());
  }

  static create(role: WriterRole): WriterTurns {
    return new WriterTurns(new SharedArrayBuffer(WRITER_TURNS_BYTES), role);
  }

  /** Takes the turn (true), or answers a promise that settles when it may be free: ask again then. */
  take(): true | Promise<void> {
    if (this.waitingSince !== undefined && this.now() - this.waitingSince >= this.maxWaitMs) {
      Atomics.store(this.cells, HOLDER, this.me);
      return this.took();
    }
    if (this.role === 'background') {
      const waiting = Atomics.load(this.cells, WAITING);
      if (waiting > 0) return this.waitFor(WAITING, waiting);
    }
    const holder = Atomics.compareExchange(this.cells, HOLDER, 0, this.me);
    if (holder === 0 || holder === this.me) return this.took();
    if (this.role === 'foreground' && !this.markedWaiting) {
      this.markedWaiting = true;
      Atomics.add(this.cells, WAITING, 1);
    }
    return this.waitFor(HOLDER, holder);
  }

  /** A background thread while a foreground one waits for the turn: it should commit what it wrote and give way. */
  shouldGiveWay(): boolean {
    return this.role === 'background' && Atomics.load(this.cells, WAITING) > 0;
  }

  /** Gives the turn back, waking the threads waiting for it; nothing when this thread does not hold it. */
  release(): void {
    if (Atomics.compareExchange(this.cells, HOLDER, this.me, 0) === this.me) Atomics.notify(this.cells, HOLDER);
  }

  private took(): true {
    this.waitingSince = undefined;
    if (this.markedWaiting) {
      this.markedWaiting = false;
      Atomics.sub(this.cells, WAITING, 1);
      Atomics.notify(this.cells, WAITING);
    }
    return true;
  }

  private waitFor(index: number, value: number): Promise<void> {
    this.waitingSince ??= this.now();
    const remaining = Math.max(1, this.maxWaitMs - (this.now() - this.waitingSince));
    const result = waitAsync(this.cells, index, value, remaining);
    return result.async ? result.value.then(() => undefined) : Promise.resolve();
  }
}

/** By file (resolved path): the turns a thread started by another takes, in memory that thread shared with it. */
const sharedWithThisThread = new Map<string, WriterTurns>();

/** Makes this thread's event store on `file` take its turns in `buffer` (shared by the thread that started this one). */
export function takeTurnsIn(file: string, buffer: SharedArrayBuffer, role: WriterRole): void {
  sharedWithThisThread.set(resolve(file), new WriterTurns(buffer, role));
}

/** The turns this thread's event store on `file` takes: shared with the thread that started it, or its own. */
export function writerTurnsFor(file: string): WriterTurns {
  return sharedWithThisThread.get(resolve(file)) ?? WriterTurns.create('foreground');
}
