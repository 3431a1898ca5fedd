import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { CliError } from '../../../infrastructure/cli/cli-context.ts';
import { MAX_INPUT_FILE_BYTES, MAX_STDIN_BYTES, readInputFile, readStdinLine } from '../../../infrastructure/cli/input-file.ts';

/** The CliError reading `path` throws: its message and exit code. */
function refusal(path: string): [string, number] {
  try {
    readInputFile('--file', path);
  } catch (error) {
    expect(error).to.be.instanceOf(CliError);
    return [(error as CliError).message, (error as CliError).exitCode];
  }
  expect.fail(`${path} was read`);
}

describe('CLI input files (infrastructure/cli/input-file)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'input-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a regular file, then its bytes', () => {
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    expect([...readInputFile('--logo', join(dir, 'logo.png'))]).to.deep.equal([0x89, 0x50, 0x4e, 0x47]);
  });

  it('given a file of exactly the limit, then it is read; one byte more, then refused before reading, naming both sizes', () => {
    const file = join(dir, 'sparse.bin');
    writeFileSync(file, '');
    truncateSync(file, MAX_INPUT_FILE_BYTES);
    expect(readInputFile('--file', file).length).to.equal(MAX_INPUT_FILE_BYTES);

    truncateSync(file, MAX_INPUT_FILE_BYTES + 1);
    expect(refusal(file)).to.deep.equal([`--file: cannot read ${file} (it has ${MAX_INPUT_FILE_BYTES + 1} bytes; at most ${MAX_INPUT_FILE_BYTES} are read)`, 2]);
  });

  it('given a device that never ends (/dev/zero), then refused at once as not a regular file', () => {
    expect(refusal('/dev/zero')).to.deep.equal(['--file: cannot read /dev/zero (not a regular file)', 2]);
  });

  it('given a named pipe no one writes to, then refused at once instead of waiting for a writer', () => {
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status, 'mkfifo').to.equal(0);

    expect(refusal(fifo)).to.deep.equal([`--file: cannot read ${fifo} (not a regular file)`, 2]);
  });

  it('given a directory or a missing path, then refused naming why', () => {
    expect(refusal(dir)).to.deep.equal([`--file: cannot read ${dir} (it is a directory)`, 2]);
    expect(refusal(join(dir, 'absent.p12'))).to.deep.equal([`--file: cannot read ${join(dir, 'absent.p12')} (ENOENT)`, 2]);
  });

  it('given standard input, then its text without the final line break; past the limit, refused without reading on', async () => {
    const chunks = async function* (count: number, chunk: Buffer) {
      for (let i = 0; i < count; i += 1) yield chunk;
    };
    expect(await readStdinLine('--password-stdin', chunks(1, Buffer.from('contraseña\r\n')))).to.equal('contraseña');
    expect(await readStdinLine('--password-stdin', chunks(2, Buffer.from('a\n')))).to.equal('a\na');

    let read = 0;
    const endless = (async function* () {
      for (;;) {
        read += 1;
        yield Buffer.alloc(4096);
      }
    })();
    const refused = await readStdinLine('--password-stdin', endless).then(
      () => expect.fail('an endless input was read to its end'),
      (error: CliError) => [error.message, error.exitCode],
    );
    expect(refused).to.deep.equal([`--password-stdin: standard input has more than ${MAX_STDIN_BYTES} bytes; it should hold one line`, 2]);
    expect(read).to.equal(MAX_STDIN_BYTES / 4096 + 1);
  });
});
