import { expect } from 'chai';
import cluster, { type ClusterSettings } from 'node:cluster';
import { createServer } from 'node:net';
import { HttpProcesses, type SupervisorServices } from '../../../infrastructure/runtime/http-processes/http-processes.ts';
import { SINGLE_THREADED_GC } from '../../../infrastructure/runtime/http-processes/http-process-exec-argv.ts';
import { listenOn } from '../../../infrastructure/runtime/listen-on.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';

const SERVICES: SupervisorServices = { health: async () => [], metrics: async () => [], appended: () => undefined };
const STAND_IN = new URL('../../support/http-process-stand-in.mjs', import.meta.url).pathname;

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

/** The port is free again: a server of this test can listen on it. */
async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  try {
    await listenOn(server, port);
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}

describe('HttpProcesses: starting the HTTP processes (stand-ins forked in place of the service)', () => {
  let settings: ClusterSettings;
  let processes: HttpProcesses | undefined;

  before(() => {
    settings = { ...cluster.settings };
    cluster.setupPrimary({ exec: STAND_IN });
  });
  after(() => cluster.setupPrimary(settings));
  afterEach(async () => processes?.stop());

  const pidsOf = () => Object.values(cluster.workers ?? {}).map((worker) => worker?.process.pid);

  it('given processes that report ready, when started, then the start answers the port it listens on, and stop ends every process and frees it', async () => {
    processes = new HttpProcesses(2, { STAND_IN: 'ready' }, SERVICES, createLogger('silent'));
    const port = await processes.start(0);
    const pids = pidsOf();
    expect(port).to.be.greaterThan(0);
    expect(pids).to.have.length(2);
    expect(pids.every(alive)).to.equal(true);
    await processes.stop();
    expect(pids.some(alive)).to.equal(false);
    expect(await portFree(port)).to.equal(true);
  });

  for (const { cores, gc } of [
    { cores: 2, gc: 'without helper threads' },
    { cores: 8, gc: 'with V8’s helper threads' },
  ]) {
    it(`given 2 HTTP processes on ${cores} cores, then they run their GC ${gc}`, async () => {
      processes = new HttpProcesses(2, { STAND_IN: 'ready' }, SERVICES, createLogger('silent'), cores);
      await processes.start(0);
      const started = Object.values(cluster.workers ?? {}).map((worker) => worker?.process.spawnargs.includes(SINGLE_THREADED_GC));
      expect(started).to.deep.equal(cores === 2 ? [true, true] : [false, false]);
    });
  }

  it('given a process that exits before it is ready, when started, then the start fails naming its exit, and stop leaves no process running', async () => {
    processes = new HttpProcesses(2, { STAND_IN: 'exit' }, SERVICES, createLogger('silent'));
    const error = await processes.start(0).then(
      () => null,
      (failure: unknown) => failure as Error,
    );
    expect(error?.message).to.equal('an HTTP process exited before it was ready (code 3)');
    const pids = pidsOf();
    await processes.stop();
    expect(pids.some(alive)).to.equal(false);
    expect(Object.keys(cluster.workers ?? {})).to.deep.equal([]);
  });
});
