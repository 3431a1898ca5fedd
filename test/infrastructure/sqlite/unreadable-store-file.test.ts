import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnreadableStoreFileError, openDatabase } from '../../../infrastructure/sqlite/open-database.ts';

const GARBAGE = 'not a database: an editor saved over it, or a copy was cut short. '.repeat(4);

describe('A store file SQLite cannot use (openDatabase)', function () {
  this.timeout(30_000);
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'unreadable-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const openError = (file: string) => {
    try {
      openDatabase(file).close();
    } catch (error) {
      return error;
    }
    throw new Error(`${file} opened`);
  };

  it('given a file that is not a database, then the error names the file, says it is damaged and how to recover, and the file is left as it was', () => {
    const file = join(dir, 'events.sqlite');
    writeFileSync(file, GARBAGE);

    const error = openError(file);

    expect(error).to.be.instanceOf(UnreadableStoreFileError);
    expect((error as Error).message).to.match(new RegExp(`^${file}: file is not a database \\(SQLITE_NOTADB\\)\\. .*damaged: move it aside and restore a backup \\(npm run cli -- restore\\)`));
    expect(readFileSync(file, 'utf8')).to.equal(GARBAGE);
  });

  it('given a folder where the file should be, then the error names it and asks whether it is a folder or a permission', () => {
    const file = join(dir, 'read-models.sqlite');
    mkdirSync(file);

    const error = openError(file);

    expect(error).to.be.instanceOf(UnreadableStoreFileError);
    expect((error as Error).message).to.equal(`${file}: unable to open database file (SQLITE_CANTOPEN). Is it a folder, or may this user not read and write it and its folder?`);
  });

  it('given a damaged read-model file in DATA_DIR, then the service does not start, and says which file and what to do, without a stack trace', async () => {
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'read-models.sqlite'), GARBAGE);
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));

    expect(code).to.equal(1);
    expect(stderr).to.contain(`Start-up failed: ${join(dataDir, 'read-models.sqlite')}: file is not a database (SQLITE_NOTADB).`);
    expect(stderr).to.not.match(/\n\s+at /);
    expect(readFileSync(join(dataDir, 'read-models.sqlite'), 'utf8')).to.equal(GARBAGE);
  });
});
