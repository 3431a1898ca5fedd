import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile, threadOf } from '../../bench/profile-summary.ts';
import { ROOT } from '../../bench/resources.ts';

describe('bench profile summary', () => {
  it('names the thread a profile is of from its file name', () => {
    expect(threadOf('CPU.20261124.094227.25887.0.001.cpuprofile')).to.equal('main thread (HTTP API)');
    expect(threadOf('CPU.20261124.094227.25887.2.003.cpuprofile')).to.equal('worker thread 2');
    expect(threadOf('other.cpuprofile')).to.equal('other.cpuprofile');
  });

  it('shares the time out by self time, area and inclusive repository frames, and tells the idle share', () => {
    const dir = mkdtempSync(join(tmpdir(), 'profile-summary-'));
    try {
      const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
      const profile = {
        nodes: [
          { id: 1, callFrame: frame('(root)', ''), children: [2, 3] },
          { id: 2, callFrame: frame('(idle)', '') },
          { id: 3, callFrame: frame('append', `file://${ROOT}/infrastructure/event-store/store.ts`), children: [4] },
          { id: 4, callFrame: frame('run', `file://${ROOT}/node_modules/better-sqlite3/lib/x.js`) },
        ],
        startTime: 0,
        endTime: 1_000_000,
        samples: [2, 2, 4, 3],
        timeDeltas: [300_000, 300_000, 300_000, 100_000],
      };
      const file = join(dir, 'p.cpuprofile');
      writeFileSync(file, JSON.stringify(profile));
      const summary = summariseProfile(file, 10);
      expect(summary.idle).to.be.closeTo(0.6, 1e-9);
      expect(summary.areas).to.deep.equal([['(idle)', 0.6], ['better-sqlite3', 0.3], ['infrastructure/event-store', 0.1]]);
      expect(summary.inclusive).to.deep.equal([['append infrastructure/event-store/store.ts:1', 0.4]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
