import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from here so `--import tsx` and relative paths resolve. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const tempDirs = new Set<string>();
const children = new Set<ChildProcess>();

/** A fresh temp dir, removed by `removeTempDir` or, at the latest, when the benchmark process exits. */
export function makeTempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `einvoicing-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Asks the OS for a free TCP port (there is a small window in which another process could take it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  /** The last few KB of the child's stdout and stderr, for error messages. */
  output(): string;
  /** Resolves when the child has exited; rejects (with its output) if it exited before `stop` was called. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Runs `node --import tsx <script>` from the repository root, remembering it so it is killed on any exit. */
export function spawnTsx(script: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolveExit(code);
    });
  });
  return {
    process: child,
    output: () => tail,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `probe` resolves true, failing early if the child exits and after `timeoutMs`. */
export async function waitUntil(child: Child, what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${what}: the child process exited (${child.process.exitCode ?? child.process.signalCode}) before it was ready:\n${child.output()}`);
    }
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((resolveSleep) => setTimeout(resolveSleep, 100));
  }
}

/** Last-resort cleanup: kills remaining children and removes temp dirs (synchronous, so it works in 'exit'). */
export function cleanupNow(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.once('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanupNow();
    process.exit(130);
  });
}
