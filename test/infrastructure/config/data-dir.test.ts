import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { ensureDataDir } from '../../../infrastructure/config/data-dir.ts';

describe('DATA_DIR at start-up (ensureDataDir)', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'data-dir-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const refusal = (dir: string): ConfigError => {
    try {
      ensureDataDir(dir);
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error(`ensureDataDir(${dir}) did not refuse`);
  };

  it('makes a missing directory, parents included, and accepts an existing one', () => {
    const dir = join(root, 'a', 'b', 'data');
    ensureDataDir(dir);
    expect(statSync(dir).isDirectory()).to.equal(true);
    ensureDataDir(dir);
  });

  it('refuses a path that is a file, naming DATA_DIR and the path, and leaves the file alone', () => {
    const file = join(root, 'data');
    writeFileSync(file, 'not a directory');
    const error = refusal(file);
    expect(error.variable).to.equal('DATA_DIR');
    expect(error.message).to.equal(`DATA_DIR: ${file} is a file, not a directory`);
    expect(statSync(file).isFile()).to.equal(true);
  });

  it('refuses a path under a file, saying a part of it is a file, and makes nothing', () => {
    const file = join(root, 'data');
    writeFileSync(file, 'not a directory');
    const dir = join(file, 'inside');
    expect(refusal(dir).message).to.equal(`DATA_DIR: cannot use ${dir}: a part of the path is a file, not a directory`);
    expect(existsSync(dir)).to.equal(false);
  });

  // In a child process: Node's own recursive mkdir hung there for ever, and a hang in this process would stop the suite.
  it('refuses a path where the system makes no directories (under /proc; Linux only, skipped where there is no /proc) at once', function () {
    if (!existsSync('/proc/self')) this.skip();
    const dir = '/proc/einvoicing-data-dir/data';
    const script = `import { ensureDataDir } from './infrastructure/config/data-dir.ts';
      try { ensureDataDir(${JSON.stringify(dir)}); } catch (error) { process.stdout.write(error.message); }`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
    expect(child.signal, 'the child was stopped: ensureDataDir did not return').to.equal(null);
    expect(child.stdout).to.equal(`DATA_DIR: cannot use ${dir}: the system does not let a directory be made there`);
  });
});
