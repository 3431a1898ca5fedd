import Database from 'better-sqlite3';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BadManifestError, MANIFEST_FILE } from '../../../infrastructure/backup/backup-manifest.ts';
import { BackupCheckError, BackupRefusedError, backupDataDir, type BackupOptions } from '../../../infrastructure/backup/embedded-backup.ts';
import { RestoreRefusedError, restoreDataDir } from '../../../infrastructure/backup/embedded-restore.ts';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { openDatabase } from '../../../infrastructure/sqlite/open-database.ts';
import { Tamperer } from '../../support/trail-tampering.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const NOW = new Date('2026-12-04T05:00:00.000Z');

describe('backup and restore of the embedded stores (DATA_DIR)', function () {
  this.timeout(60_000);
  let root: string;
  let dataDir: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-'));
    dataDir = join(root, 'data');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const backup = (options: Partial<BackupOptions> = {}) =>
    backupDataDir({ dataDir, target: join(root, 'backup'), withReadModels: false, verifyTrail: false, now: () => NOW, ...options });

  async function writeLog(streams: number): Promise<void> {
    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    for (let index = 0; index < streams; index += 1) {
      const events = [1, 2].map((n) => ({ type: 'Noted', data: { n, text: `stream ${index} event ${n}` }, metadata: { actor: 'test', tenantId: 't1' } }));
      await store.append(`note-${index}`, events, 'no_stream');
    }
    await store.close();
  }

  function writeReadModels(rows: number): void {
    const db = openDatabase(join(dataDir, 'read-models.sqlite'));
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
    for (let index = 0; index < rows; index += 1) insert.run(`row ${index}`);
    db.close();
  }

  async function readAllEvents(file: string) {
    const store = new SqliteEventStore(file);
    try {
      return (await store.readAll({ maxCount: 10_000 })).map((event) => [event.position, event.streamId, event.revision, event.type, event.data, event.metadata]);
    } finally {
      await store.close();
    }
  }

  it('given a log and read models, then the backup holds checked copies of both, a manifest with their sizes and SHA-256, and a restore gives the same events back', async () => {
    await writeLog(20);
    writeReadModels(50);

    const { manifest, findings } = await backup({ withReadModels: true, verifyTrail: true });

    const folder = join(root, 'backup');
    expect(readdirSync(folder).sort()).to.deep.equal([MANIFEST_FILE, 'events.sqlite', 'read-models.sqlite']);
    expect(statSync(folder).mode & 0o777).to.equal(0o700);
    for (const file of manifest.files) {
      expect(file.sha256).to.equal(sha256(join(folder, file.name)));
      expect(file.bytes).to.equal(statSync(join(folder, file.name)).size);
      expect(statSync(join(folder, file.name)).mode & 0o777).to.equal(0o600);
    }
    expect(manifest.files.map((file) => file.name)).to.deep.equal(['read-models.sqlite', 'events.sqlite']);
    expect(manifest).to.deep.include({ created_at: NOW.toISOString(), source: dataDir, trail: { streams: 20, events: 40, problems: 0 } });
    expect(manifest.events).to.include({ count: 40, head_position: 40 });
    expect(findings).to.deep.equal([]);
    expect(JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8'))).to.deep.equal(manifest);

    const restoredDir = join(root, 'restored');
    await restoreDataDir({ dataDir: restoredDir, backup: folder });

    expect(readdirSync(restoredDir).sort()).to.deep.equal(['events.sqlite', 'read-models.sqlite']);
    for (const file of manifest.files) expect(sha256(join(restoredDir, file.name))).to.equal(file.sha256);
    expect(await readAllEvents(join(restoredDir, 'events.sqlite'))).to.deep.equal(await readAllEvents(join(dataDir, 'events.sqlite')));
    const rows = new Database(join(restoredDir, 'read-models.sqlite'), { readonly: true });
    expect(rows.prepare('SELECT count(*) AS n FROM rows').get()).to.deep.equal({ n: 50 });
    rows.close();
  });

  it('given appends (and their checkpoints in the read models) committing in another thread all along, then each backup is one moment of the log, every append whole, positions 1 to head without a hole, and read models never ahead of it', async () => {
    await writeLog(1);
    const stop = new SharedArrayBuffer(4);
    const worker = new Worker(new URL('../../../infrastructure/runtime/worker-bootstrap.mjs', import.meta.url), {
      workerData: {
        entry: new URL('./appending-thread.ts', import.meta.url).href,
        events: join(dataDir, 'events.sqlite'),
        readModels: join(dataDir, 'read-models.sqlite'),
        stop,
      },
    });
    const messages: unknown[] = [];
    worker.on('message', (message) => messages.push(message));
    const ended = new Promise((resolve, reject) => {
      worker.once('exit', resolve);
      worker.once('error', reject);
    });
    const heads: number[] = [];
    try {
      while (!messages.includes('started')) await new Promise((resolve) => setTimeout(resolve, 10));
      for (let round = 0; round < 4; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        const target = join(root, `backup-${round}`);
        const { manifest, findings } = await backup({ target, withReadModels: true, verifyTrail: true });
        expect(findings, `round ${round}`).to.deep.equal([]);
        expect(manifest.events.count, `round ${round}`).to.equal(manifest.events.head_position);
        const copy = new Database(join(target, 'events.sqlite'), { readonly: true });
        const partial = copy.prepare("SELECT stream_id, count(*) AS n FROM events WHERE stream_id LIKE 'backupLoad-%' GROUP BY stream_id HAVING n <> 3").all();
        copy.close();
        expect(partial, `round ${round}: appends cut in two`).to.deep.equal([]);
        const readModels = new Database(join(target, 'read-models.sqlite'), { readonly: true });
        const checkpoint = readModels.prepare<[], { position: number }>('SELECT position FROM checkpoint').get();
        readModels.close();
        expect(checkpoint?.position ?? 0, `round ${round}: the read models' checkpoint against the log's head`).to.be.at.most(manifest.events.head_position);
        heads.push(manifest.events.head_position);
      }
    } finally {
      Atomics.store(new Int32Array(stop), 0, 1);
      await ended;
    }
    const appends = messages.find((message) => typeof message === 'number') as number;
    expect(appends).to.be.greaterThan(0);
    expect(heads[heads.length - 1], 'the writer went on between backups').to.be.greaterThan(heads[0]);
    expect(heads[heads.length - 1]).to.be.at.most(2 + 3 * appends);
  });

  it('given a folder that is not empty, or a file, then the backup is refused and nothing is written there', async () => {
    await writeLog(1);
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    const file = join(root, 'a-file');
    writeFileSync(file, 'mine');

    for (const target of [busy, file]) {
      const error = await backup({ target }).catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(BackupRefusedError);
      expect((error as Error).message).to.contain(target);
    }
    expect(readdirSync(busy)).to.deep.equal(['keep.txt']);
    expect(readFileSync(file, 'utf8')).to.equal('mine');
  });

  it('given a DATA_DIR without a log, or without read models when they are asked for, then the backup is refused saying which', async () => {
    mkdirSync(dataDir);
    const noLog = await backup().catch((caught: unknown) => caught);
    expect((noLog as Error).message).to.match(/holds no event log \(events\.sqlite\)/);

    await writeLog(1);
    const noReadModels = await backup({ withReadModels: true }).catch((caught: unknown) => caught);
    expect(noReadModels).to.be.instanceOf(BackupRefusedError);
    expect((noReadModels as Error).message).to.match(/--with-read-models: .* holds no read-models\.sqlite/);
    expect(existsSync(join(root, 'backup'))).to.equal(false);
  });

  it('given a read-model file that is not a database, then the backup fails and leaves no file and no folder of its own behind', async () => {
    await writeLog(2);
    writeFileSync(join(dataDir, 'read-models.sqlite'), 'this is not a SQLite file, not even its header');

    const error = await backup({ withReadModels: true }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(BackupCheckError);
    expect((error as Error).message).to.equal(`cannot copy ${join(dataDir, 'read-models.sqlite')}: file is not a database (SQLITE_NOTADB)`);
    expect(existsSync(join(root, 'backup'))).to.equal(false);
  });

  it('given an altered event, then --verify-trail reports it, the manifest counts it, and the backup is written all the same (it is the evidence)', async () => {
    await writeLog(3);
    new Tamperer(join(dataDir, 'events.sqlite')).alterData('note-1', 1, '$.text', 'rewritten');

    const { manifest, findings } = await backup({ verifyTrail: true });

    expect(findings.map((finding) => [finding.kind, finding.streamId, finding.revision])).to.deep.equal([['altered', 'note-1', 1n]]);
    expect(manifest.trail).to.deep.equal({ streams: 3, events: 6, problems: 1 });
    expect(existsSync(join(root, 'backup', MANIFEST_FILE))).to.equal(true);
  });

  describe('restore', () => {
    let folder: string;
    let restoredDir: string;

    beforeEach(async () => {
      await writeLog(5);
      writeReadModels(5);
      folder = join(root, 'backup');
      await backup({ withReadModels: true });
      restoredDir = join(root, 'restored');
    });

    it('given a DATA_DIR that already holds a store file, then the restore is refused and that file is left as it was', async () => {
      mkdirSync(restoredDir);
      for (const name of ['events.sqlite', 'read-models.sqlite-wal', 'coordination.sqlite']) {
        const present = join(restoredDir, name);
        writeFileSync(present, 'existing data');
        const error = await restoreDataDir({ dataDir: restoredDir, backup: folder }).catch((caught: unknown) => caught);
        expect(error, name).to.be.instanceOf(RestoreRefusedError);
        expect((error as Error).message).to.contain(name);
        expect(readdirSync(restoredDir)).to.deep.equal([name]);
        expect(readFileSync(present, 'utf8')).to.equal('existing data');
        rmSync(present);
      }
    });

    it('given a copy that fails half way, then the restore takes back every file it put, reports the error of the copy itself, and DATA_DIR holds no store file', async () => {
      mkdirSync(join(restoredDir, 'read-models.sqlite.restoring'), { recursive: true });

      const error = await restoreDataDir({ dataDir: restoredDir, backup: folder }).catch((caught: unknown) => caught);

      expect((error as NodeJS.ErrnoException).code).to.equal('EISDIR');
      expect(readdirSync(restoredDir)).to.deep.equal(['read-models.sqlite.restoring']);
    });

    it('given a backup file altered after the backup, then the restore is refused naming it, and DATA_DIR gets nothing', async () => {
      const file = join(folder, 'events.sqlite');
      const bytes = readFileSync(file);
      bytes[bytes.length - 100] ^= 0xff;
      writeFileSync(file, bytes);

      const error = await restoreDataDir({ dataDir: restoredDir, backup: folder }).catch((caught: unknown) => caught);

      expect(error).to.be.instanceOf(RestoreRefusedError);
      expect((error as Error).message).to.contain(file).and.match(/altered or damaged/);
      expect(existsSync(restoredDir) ? readdirSync(restoredDir) : []).to.deep.equal([]);
    });

    it('given a folder without a manifest, or a manifest that does not hold together, then the restore is refused saying what is wrong and where', async () => {
      const manifestFile = join(folder, MANIFEST_FILE);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const cases: Array<[string, string | null, RegExp]> = [
        ['no manifest', null, /holds no backup\.json: not a backup, or one that did not finish/],
        ['not JSON', '{"format": ', /backup\.json: not JSON/],
        ['another format', JSON.stringify({ ...manifest, format: 'zip' }), /format: expected "einvoicing-embedded-backup", found "zip"/],
        ['an unknown file', JSON.stringify({ ...manifest, files: [...manifest.files, { name: '../etc/passwd', bytes: 1, sha256: 'a'.repeat(64) }] }), /files\[2\]\.name: expected one of events\.sqlite, read-models\.sqlite, found "\.\.\/etc\/passwd"/],
        ['no log', JSON.stringify({ ...manifest, files: manifest.files.filter((file: { name: string }) => file.name !== 'events.sqlite') }), /files: events\.sqlite is missing/],
        ['a bad digest', JSON.stringify({ ...manifest, files: [{ ...manifest.files[0], sha256: 'xyz' }, manifest.files[1]] }), /files\[0\]\.sha256: expected 64 hexadecimal digits/],
      ];
      for (const [label, text, message] of cases) {
        if (text === null) rmSync(manifestFile);
        else writeFileSync(manifestFile, text);
        const error = await restoreDataDir({ dataDir: restoredDir, backup: folder }).catch((caught: unknown) => caught);
        expect(error, label).to.satisfy((caught: unknown) => caught instanceof RestoreRefusedError || caught instanceof BadManifestError);
        expect((error as Error).message, label).to.match(message);
        expect(existsSync(restoredDir) ? readdirSync(restoredDir) : [], label).to.deep.equal([]);
      }
    });
  });
});
