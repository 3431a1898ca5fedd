import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TS_PATH = /(?:\.\/)?((?:[\w.-]+\/)*[\w.-]+\.ts)\b/g;

/** What a bundler starts from: the web console's entry, which scripts/build-console.mjs hands to esbuild. */
const BUNDLE_ENTRIES = ['console/src/main.tsx'];

/**
 * The source files a process starts from: those a `package.json` script or the Dockerfile's CMD, ENTRYPOINT or
 * RUN runs (`tsx api/main.ts`, `node --import tsx api/main.ts`). The benchmarks start `api/main.ts` too, and a
 * worker thread's entry is found as a file loaded by URL (see SourceTree.references); the console's bundle starts from
 * its entry (BUNDLE_ENTRIES).
 */
export function entryPoints(root: string, sourceFiles: readonly string[]): string[] {
  const commands = [...packageScripts(root), ...dockerCommands(root)];
  const named = [...commands.flatMap((command) => [...command.matchAll(TS_PATH)].map((match) => match[1])), ...BUNDLE_ENTRIES];
  return [...new Set(named.filter((file) => sourceFiles.includes(file)))].sort();
}

function packageScripts(root: string): string[] {
  const path = join(root, 'package.json');
  if (!existsSync(path)) return [];
  const scripts: unknown = JSON.parse(readFileSync(path, 'utf8')).scripts;
  if (typeof scripts !== 'object' || scripts === null) return [];
  return Object.values(scripts).filter((command): command is string => typeof command === 'string');
}

function dockerCommands(root: string): string[] {
  const path = join(root, 'Dockerfile');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^\s*(CMD|ENTRYPOINT|RUN)\s/i.test(line));
}
