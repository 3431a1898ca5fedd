import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('Start-up while the event store cannot be reached', function () {
  this.timeout(30_000);

  it('given a KurrentDB URL where nothing listens, then the service waits for it with back-off instead of exiting, saying why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-down-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', EVENTSTORE_URL: 'kurrentdb://127.0.0.1:9?tls=false', MONGODB_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 20_000;
      while ((output.match(/waiting for it/g) ?? []).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((output.match(/a store is unavailable at start-up; waiting for it/g) ?? []).length, output).to.be.at.least(2);
      expect(output).to.contain('StoreUnavailableError').and.to.contain('event store unavailable');
      expect(child.exitCode, 'still running').to.equal(null);
      expect(output).to.not.contain('"msg":"listening"');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
