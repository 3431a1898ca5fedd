import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { PROJECTION_SEMI_SPACE_MB, projectionThreadLimits } from '../../../infrastructure/runtime/projection-heap.ts';

const MIB = 1024 * 1024;

// Allocates objects that die young, as a catch-up does, and answers the size the new space reached. Up to a million
// of them live at once: Node 26's V8 grows the new space in steps that follow what survives, and with 300,000 it stopped
// at 122 MiB of 128 in three of five threads run side by side (Node 20 reached 128 either way).
const churn = `
  const { parentPort } = require('node:worker_threads');
  let kept = [];
  for (let i = 0; i < 4e6; i += 1) {
    kept.push({ position: i, type: 'DocumentCreated', data: 'x' + i });
    if (kept.length > 1000000) kept = [];
  }
  parentPort.postMessage(require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
`;

const newSpaceOf = async (options: ConstructorParameters<typeof Worker>[1]): Promise<number> => {
  const worker = new Worker(churn, { eval: true, ...options });
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
};

describe('projectionThreadLimits (the young generation of the threads that run projections)', function () {
  this.timeout(30_000);

  it('given a thread allocating short-lived objects fast, then its new space grows to two semi-spaces of PROJECTION_SEMI_SPACE_MB, at least what the same thread reaches by default', async () => {
    const bigger = await newSpaceOf({ resourceLimits: projectionThreadLimits });
    const byDefault = await newSpaceOf({});
    expect(bigger).to.equal(2 * PROJECTION_SEMI_SPACE_MB * MIB);
    // Node 20 and 22 stop a thread's new space at 32 MiB by default; Node 24's V8 lets it reach 128 MiB by itself.
    expect(byDefault).to.be.at.most(bigger);
  });

  it('given the CLI, whose rebuild runs on its own main thread, then `npm run cli` starts Node with the same semi-space', () => {
    const scripts = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;
    expect(scripts.cli).to.contain(`tsx --max-semi-space-size=${PROJECTION_SEMI_SPACE_MB} infrastructure/cli/main.ts`);
  });
});
