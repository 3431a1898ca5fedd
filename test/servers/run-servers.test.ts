import { spawnSync } from 'node:child_process';
import { expect } from 'chai';

describe('npm run test:servers', () => {
  for (const missing of ['EVENTSTORE_URL', 'MONGODB_URL', 'both'] as const) {
    it(`given ${missing === 'both' ? 'neither URL' : `no ${missing}`}, then it says what it needs and exits 2 without running anything`, () => {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false', MONGODB_URL: 'mongodb://localhost:27017' };
      if (missing === 'both') {
        delete env.EVENTSTORE_URL;
        delete env.MONGODB_URL;
      } else delete env[missing];
      const run = spawnSync('bash', ['test/run-servers.sh'], { env, encoding: 'utf8', timeout: 10_000 });
      expect(run.status).to.equal(2);
      expect(run.stderr).to.contain('EVENTSTORE_URL').and.to.contain('MONGODB_URL').and.to.contain('kurrentdb://');
      expect(run.stdout).to.equal('');
    });
  }
});
