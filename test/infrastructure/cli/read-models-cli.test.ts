import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { runCli } from '../../support/cli-process.ts';

const STACK_FRAME = /\n\s+at .+:\d+/;

describe('read-models CLI: repage (child processes on DATA_DIR)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let file: string;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-repage-cli-'));
    file = join(dataDir, 'read-models.sqlite');
    const db = new Database(file);
    db.pragma('page_size = 4096');
    db.pragma('journal_mode = WAL');
    db.close();
    const store = new SqliteReadModelStore(file);
    await store.collection<{ id: string }>({ name: 'kept', indexes: [] }).upsert({ tenantId: 't', environment: 'test', id: 'a' }, 1n, { id: 'a' });
    await store.close();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given a DATA_DIR of an older deployment, when `read-models repage --json`, then the file has 16 KiB pages; run again, it has nothing to do', async () => {
    const first = await runCli(dataDir, ['read-models', 'repage', '--json']);
    expect(first.code, first.stderr).to.equal(0);
    expect(JSON.parse(first.stdout)).to.deep.equal({ file, from: 4096, to: 16_384, changed: true });
    const again = await runCli(dataDir, ['read-models', 'repage']);
    expect(again.code).to.equal(0);
    expect(again.stdout).to.equal(`${file}: already 16384-byte pages; nothing to do\n`);
  });

  it('given the service has the file open, when `read-models repage`, then it exits 1 saying to stop it first, without a stack trace, and nothing changes', async () => {
    const service = new SqliteReadModelStore(file);
    try {
      const refused = await runCli(dataDir, ['read-models', 'repage']);
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(/open in another process .*stop it and run this again; nothing was changed/);
      expect(refused.stderr).not.to.match(STACK_FRAME);
      expect(await service.collection<{ id: string }>({ name: 'kept', indexes: [] }).get({ tenantId: 't', environment: 'test', id: 'a' })).to.deep.equal({ id: 'a' });
    } finally {
      await service.close();
    }
  });

  it('given the read models in MongoDB, when `read-models repage`, then it exits 2 saying only the embedded file has pages', async () => {
    const refused = await runCli(dataDir, ['read-models', 'repage'], { MONGODB_URL: 'mongodb://127.0.0.1:1/einvoicing' });
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('the read models are in MongoDB (MONGODB_URL)');
  });
});
