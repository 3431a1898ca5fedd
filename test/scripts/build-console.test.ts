import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repository = resolve(import.meta.dirname, '../..');

/** A copy of what the build reads (sources, tsconfig, lockfile, the script), with the repository's node_modules. */
function copyOfTheConsole(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-console-'));
  mkdirSync(join(root, 'scripts'));
  cpSync(join(repository, 'scripts', 'build-console.mjs'), join(root, 'scripts', 'build-console.mjs'));
  cpSync(join(repository, 'console', 'src'), join(root, 'console', 'src'), { recursive: true });
  cpSync(join(repository, 'console', 'tsconfig.json'), join(root, 'console', 'tsconfig.json'));
  cpSync(join(repository, 'package-lock.json'), join(root, 'package-lock.json'));
  symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** Runs the build; true when it built (it says so on stderr), false when it found the output up to date. */
function build(root: string): boolean {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the build failed (${run.status}): ${run.stderr}`);
  return run.stderr.includes('Building the console');
}

describe('scripts/build-console.mjs', function () {
  this.timeout(60_000);
  let root: string;
  before(() => (root = copyOfTheConsole()));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('given no output, then it builds an index page whose script and stylesheet exist, with no inline script', () => {
    expect(build(root)).to.equal(true);
    const dist = join(root, 'console', 'dist');
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    const assets = [...index.matchAll(/(?:src|href)="\/console\/assets\/([^"]+)"/g)].map((match) => match[1]);
    expect(assets).to.have.length(2);
    expect(assets.some((file) => /^console-[A-Z0-9]+\.js$/.test(file)), assets.join()).to.equal(true);
    expect(assets.some((file) => /^styles-[A-Z0-9]+\.css$/.test(file)), assets.join()).to.equal(true);
    for (const file of assets) expect(existsSync(join(dist, 'assets', file)), file).to.equal(true);
    expect(index).to.not.match(/<script>(?!<\/script>)/);
    expect(index).to.not.match(/\sstyle=|\son\w+=/);
    expect(readFileSync(join(dist, '.build-hash'), 'utf8')).to.match(/^[0-9a-f]{64}\n$/);
  });

  it('given an output of the same sources and lockfile, then it does not build again', () => {
    const hash = readFileSync(join(root, 'console', 'dist', '.build-hash'), 'utf8');
    expect(build(root)).to.equal(false);
    expect(readFileSync(join(root, 'console', 'dist', '.build-hash'), 'utf8')).to.equal(hash);
  });

  it('given a changed source, then it builds again with another hash', () => {
    const hash = readFileSync(join(root, 'console', 'dist', '.build-hash'), 'utf8');
    appendFileSync(join(root, 'console', 'src', 'styles.css'), '\n/* changed */\n');
    expect(build(root)).to.equal(true);
    expect(readFileSync(join(root, 'console', 'dist', '.build-hash'), 'utf8')).to.not.equal(hash);
  });

  it('given a changed lockfile, then it builds again', () => {
    appendFileSync(join(root, 'package-lock.json'), '\n');
    expect(build(root)).to.equal(true);
  });

  it('given a source that does not compile, then it fails naming the file and line, and the build in place stays', () => {
    const index = readFileSync(join(root, 'console', 'dist', 'index.html'), 'utf8');
    const main = join(root, 'console', 'src', 'main.tsx');
    const source = readFileSync(main, 'utf8');
    appendFileSync(main, '\nconst broken = ;\n');
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' });
    writeFileSync(main, source);

    expect(run.status).to.equal(1);
    expect(run.stderr).to.match(/console\/src\/main\.tsx:\d+:\d+/);
    expect(run.stderr).to.include('The console did not build: Build failed with 1 error');
    expect(run.stderr).to.not.match(/\n\s+at /);
    expect(readFileSync(join(root, 'console', 'dist', 'index.html'), 'utf8')).to.equal(index);
    expect(readdirSync(join(root, 'console')).filter((name) => name.startsWith('dist.tmp-'))).to.deep.equal([]);
  });

  it('given a build without its sources (as in the image), then it leaves the build alone; without either it says what is missing', () => {
    rmSync(join(root, 'console', 'src'), { recursive: true });
    expect(build(root)).to.equal(false);
    rmSync(join(root, 'console', 'dist'), { recursive: true });
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-console.mjs')], { cwd: root, encoding: 'utf8' });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.equal('Cannot build the console: console/src is missing and there is no build in console/dist\n');
    cpSync(join(repository, 'console', 'src'), join(root, 'console', 'src'), { recursive: true });
  });

  it('given the output deleted, then it builds it again', () => {
    rmSync(join(root, 'console', 'dist'), { recursive: true, force: true });
    expect(build(root)).to.equal(true);
    expect(existsSync(join(root, 'console', 'dist', 'index.html'))).to.equal(true);
  });
});
