import { SingleBar } from 'cli-progress';
import type { TestSetProgress } from '../dian/test-set/test-set-runner.ts';

/** Progress on stderr: a bar on a terminal, one plain line per step otherwise (logs, CI). */
export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): TestSetProgress {
  if (!stream.isTTY) {
    let label = '';
    let done = 0;
    let total = 0;
    return {
      phase: (name, size) => {
        label = name;
        done = 0;
        total = size;
        stream.write(`${label}: 0/${total}\n`);
      },
      advance: (detail) => {
        done += 1;
        stream.write(`${label}: ${done}/${total} ${detail}\n`);
      },
      done: () => {},
    };
  }
  let bar: SingleBar | null = null;
  return {
    phase: (name, size) => {
      bar?.stop();
      bar = new SingleBar({ format: `${name} [{bar}] {value}/{total} {detail}`, stream, clearOnComplete: false });
      bar.start(size, 0, { detail: '' });
    },
    advance: (detail) => bar?.increment(1, { detail }),
    done: () => bar?.stop(),
  };
}
