import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SqliteEventStore } from '../../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { takeTurnsIn, WRITER_TURNS_BYTES, WriterTurns } from '../../../../infrastructure/event-store/sqlite/writer-turns.ts';

/** Two threads' turns on one shared buffer, told apart by their holder ids (one thread runs both here). */
function pair({ maxWaitMs = 60_000, now }: { maxWaitMs?: number; now?: () => number } = {}) {
  const buffer = new SharedArrayBuffer(WRITER_TURNS_BYTES);
  return {
    foreground: new WriterTurns(buffer, 'foreground', { holder: 1, maxWaitMs, now }),
    background: new WriterTurns(buffer, 'background', { holder: 2, maxWaitMs, now }),
  };
}

/** Whether a promise has settled after the pending callbacks ran (it cannot have waited out a minute). */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

describe('WriterTurns: turns to write the log among the threads of a process', () => {
  it('given a free turn, then either thread takes it, and takes it again once given back', () => {
    const { foreground, background } = pair();
    expect(background.take()).to.equal(true);
    background.release();
    expect(foreground.take()).to.equal(true);
    foreground.release();
    expect(background.take()).to.equal(true);
  });

  it('given the turn held, then the other thread waits and is woken when it is given back, not by its time running out', async () => {
    const { foreground, background } = pair();
    expect(foreground.take()).to.equal(true);
    const waiting = background.take();
    expect(waiting).to.be.instanceOf(Promise);
    expect(await settledNow(waiting as Promise<void>)).to.equal(false);
    foreground.release();
    expect(await settledNow(waiting as Promise<void>)).to.equal(true);
    expect(background.take()).to.equal(true);
  });

  it('given a foreground thread waiting for the turn a background one holds, then the background one is told to give way, and lets it go first', async () => {
    const { foreground, background } = pair();
    expect(background.take()).to.equal(true);
    expect(background.shouldGiveWay()).to.equal(false);
    const foregroundWaits = foreground.take() as Promise<void>;
    expect(background.shouldGiveWay()).to.equal(true);
    background.release();
    expect(await settledNow(foregroundWaits)).to.equal(true);
    // Free now, but a foreground thread is on its way to it: the background one waits.
    const backgroundWaits = background.take();
    expect(backgroundWaits).to.be.instanceOf(Promise);
    expect(foreground.take()).to.equal(true);
    expect(background.shouldGiveWay()).to.equal(false);
    expect(await settledNow(backgroundWaits as Promise<void>)).to.equal(true);
    expect(background.take()).to.be.instanceOf(Promise);
    foreground.release();
    expect(background.take()).to.equal(true);
  });

  it('given a foreground thread holding the turn, then it is never told to give way', () => {
    const { foreground, background } = pair();
    expect(foreground.take()).to.equal(true);
    void background.take();
    expect(foreground.shouldGiveWay()).to.equal(false);
  });

  it('given a turn never given back (its thread stopped holding it), then a thread that waited it out takes it over', async () => {
    let clock = 0;
    const { foreground, background } = pair({ maxWaitMs: 5, now: () => clock });
    expect(background.take()).to.equal(true);
    const waiting = foreground.take();
    expect(waiting).to.be.instanceOf(Promise);
    await waiting;
    clock = 5;
    expect(foreground.take()).to.equal(true);
    // The thread that took it over gives it back as its own; the stopped one's release changes nothing.
    background.release();
    expect(background.take()).to.be.instanceOf(Promise);
    foreground.release();
    expect(background.take()).to.equal(true);
  });

  it('given a buffer too small, then it says what it needs', () => {
    expect(() => new WriterTurns(new SharedArrayBuffer(4), 'foreground')).to.throw(`shared buffer of ${WRITER_TURNS_BYTES} bytes`);
  });
});

describe('WriterTurns shared with a thread this one started', () => {
  it('given turns shared for a file, then this thread\'s event store on that file takes them, with the role given; on another file its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writer-turns-'));
    const shared = new SharedArrayBuffer(WRITER_TURNS_BYTES);
    takeTurnsIn(join(dir, '.', 'events.sqlite'), shared, 'background');
    const store = new SqliteEventStore(join(dir, 'events.sqlite'));
    const other = new SqliteEventStore(join(dir, 'other.sqlite'));
    try {
      expect(store.writerTurns.buffer).to.equal(shared);
      expect(store.writerTurns.role).to.equal('background');
      expect(other.writerTurns.buffer).not.to.equal(shared);
      expect(other.writerTurns.role).to.equal('foreground');
    } finally {
      await store.close();
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
