import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { SubscriptionHealth } from '../../../application/health/subscription-health.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import { WorkerThreadHost } from '../../../infrastructure/runtime/worker-thread-host.ts';

const STAND_IN = new URL('../../support/workers-thread-stand-in.ts', import.meta.url);
const NO_STORE = {} as EventStore;

interface Scenario {
  /** Lives (1-based) that crash when asked for their health. */
  crash?: number[];
  /** Lives that report they failed to start. */
  fail?: number[];
}

/** A host of the stand-in, restarting after 200 ms doubling to 800, with its log lines and the stand-in's lives. */
function standInHost({ crash = [], fail = [] }: Scenario) {
  const dir = mkdtempSync(join(tmpdir(), 'workers-host-'));
  const livesFile = join(dir, 'lives');
  const lines: Array<{ msg: string; restartInMs?: number }> = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    }),
  );
  const env = { STAND_IN_LIVES: livesFile, STAND_IN_CRASH_LIVES: crash.join(','), STAND_IN_FAIL_LIVES: fail.join(',') };
  const host = new WorkerThreadHost(env, logger, { entry: STAND_IN, restart: { initialDelayMs: 200, maxDelayMs: 800 } });
  const lives = () => {
    try {
      return readFileSync(livesFile, 'utf8').trim().split('\n').length;
    } catch {
      return 0;
    }
  };
  return { host, lines, lives, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Asks for the health until `done` says it is what the test waits for (at most 10 s). */
async function healthUntil(host: WorkerThreadHost, done: (health: SubscriptionHealth[]) => boolean): Promise<SubscriptionHealth[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const health = await host.health().catch((): SubscriptionHealth[] => []);
    if (done(health) || Date.now() > deadline) return health;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const named = (name: string) => (health: SubscriptionHealth[]) => health.some((entry) => entry.name === name);
const failed = (health: SubscriptionHealth[]) => health.some((entry) => entry.state === 'failed');

describe('WorkerThreadHost: a workers thread that ends unasked (a stand-in in place of the service’s workers)', () => {
  it('given the thread crashes, then health says so, and a new thread is started after the back-off and answers', async () => {
    const { host, lines, lives, cleanUp } = standInHost({ crash: [1] });
    try {
      await host.start(NO_STORE);
      // Asked for its health, the first life crashes: the question is answered with the thread down, not left to time out.
      const down = await host.health();
      expect(down).to.have.length(1);
      expect(down[0]).to.include({ name: 'workers-thread', state: 'failed' });
      expect(down[0].error).to.equal('the stand-in crashed in life 1; starting it again');
      const back = await healthUntil(host, named('life-2'));
      expect(back.map((entry) => entry.name)).to.deep.equal(['life-2']);
      expect(lives()).to.equal(2);
      expect(lines.map((line) => line.msg)).to.include.members(['workers thread crashed', 'the workers thread ended; starting it again', 'workers thread started again']);
      expect(lines.find((line) => line.msg === 'the workers thread ended; starting it again')?.restartInMs).to.equal(200);
    } finally {
      await host.stop();
      cleanUp();
    }
  });

  it('given a thread started again fails to start, then another is started later, the wait doubling', async () => {
    const { host, lines, lives, cleanUp } = standInHost({ crash: [1], fail: [2] });
    try {
      await host.start(NO_STORE);
      expect(failed(await host.health())).to.equal(true);
      const back = await healthUntil(host, named('life-3'));
      expect(back.map((entry) => entry.name)).to.deep.equal(['life-3']);
      expect(lives()).to.equal(3);
      const waits = lines.filter((line) => line.msg === 'the workers thread ended; starting it again').map((line) => line.restartInMs);
      expect(waits).to.deep.equal([200, 400]);
    } finally {
      await host.stop();
      cleanUp();
    }
  });

  it('given the host stopped while a crashed thread waits to start again, then none is started', async () => {
    const { host, lives, cleanUp } = standInHost({ crash: [1] });
    try {
      await host.start(NO_STORE);
      expect(failed(await host.health())).to.equal(true);
      await host.stop();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(lives()).to.equal(1);
    } finally {
      cleanUp();
    }
  });

  it('given the first thread fails to start, then the start fails with its reason, and no thread is started again', async () => {
    const { host, lives, cleanUp } = standInHost({ fail: [1] });
    try {
      let refused: unknown;
      await host.start(NO_STORE).catch((error: unknown) => (refused = error));
      expect((refused as Error).message).to.equal('workers thread failed to start: life 1 cannot start');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lives()).to.equal(1);
    } finally {
      await host.stop();
      cleanUp();
    }
  });
});
