import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited: Promise<number | string>;
}

/** Runs `api/main.ts` as a real child process on DATA_DIR, as `npm start` would, and waits for it to listen. */
export async function startService(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A service that never said it listens is not left running behind the failed test.
      child.kill('SIGKILL');
      reject(new Error(`service did not start in time:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`service exited (${code}) before listening:\n${output}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export function demoKey(dataDir: string): { key: string; tenant_id: string } {
  return JSON.parse(readFileSync(join(dataDir, 'demo-key.json'), 'utf8'));
}
