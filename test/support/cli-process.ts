import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The operator CLI as a child process on `dataDir`, with no server URLs and the given extra environment. */
export function runCli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
