// Builds the web console (console/src → console/dist) when the output is missing or stale: the SHA-256 of every
// source file, the build script and package-lock.json is recorded beside the output, and a build runs only when it
// differs. `npm start`, `npm test` and the Dockerfile's build stage run it. Plain JavaScript, like ensure-installed.mjs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = join(root, 'console', 'src');
const outDir = join(root, 'console', 'dist');
const stampFile = join(outDir, '.build-hash');

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)]))
    .sort();
}

function sourceHash() {
  const hash = createHash('sha256');
  const inputs = [...filesUnder(sourceDir), join(root, 'console', 'tsconfig.json'), fileURLToPath(import.meta.url), join(root, 'package-lock.json')];
  for (const file of inputs) {
    hash.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function indexHtml(script, stylesheet) {
  return `<!doctype html>
<html lang="es-CO">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Consola de facturación electrónica</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/console/assets/${escapeHtml(stylesheet)}">
  <script type="module" src="/console/assets/${escapeHtml(script)}"></script>
</head>
<body>
  <div id="app"><noscript>La consola necesita JavaScript.</noscript></div>
</body>
</html>
`;
}

async function build(hash) {
  const { build: esbuild } = await import('esbuild');
  // A fresh folder beside the output, renamed into place at the end: a server never sees half a build.
  const staging = `${outDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await bundle(esbuild, staging, hash);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function bundle(esbuild, staging, hash) {
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: { console: join(sourceDir, 'main.tsx'), styles: join(sourceDir, 'styles.css') },
    bundle: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    outdir: join(staging, 'assets'),
    entryNames: '[name]-[hash]',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(root, 'console', 'tsconfig.json'),
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => relative(join(staging, 'assets'), join(root, file)));
  const script = outputs.find((file) => /^console-[\w-]+\.js$/.test(file));
  const stylesheet = outputs.find((file) => /^styles-[\w-]+\.css$/.test(file));
  if (!script || !stylesheet) throw new Error(`the console build produced no script or stylesheet: ${outputs.join(', ')}`);
  writeFileSync(join(staging, 'index.html'), indexHtml(script, stylesheet));
  writeFileSync(join(staging, '.build-hash'), `${hash}\n`);
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
}

if (!existsSync(sourceDir)) {
  // An image carries the built console without its sources: nothing to build, and nothing to check it against.
  if (existsSync(join(outDir, 'index.html'))) process.exit(0);
  process.stderr.write(`Cannot build the console: ${relative(root, sourceDir)} is missing and there is no build in ${relative(root, outDir)}\n`);
  process.exit(1);
}

const hash = sourceHash();
const current = existsSync(stampFile) && existsSync(join(outDir, 'index.html')) ? readFileSync(stampFile, 'utf8').trim() : '';
if (current !== hash) {
  process.stderr.write('Building the console (esbuild)...\n');
  mkdirSync(dirname(outDir), { recursive: true });
  try {
    await build(hash);
  } catch (error) {
    // esbuild has printed each error with its file and line; the output in place, if any, is left as it was.
    process.stderr.write(`The console did not build: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    process.exit(1);
  }
}
