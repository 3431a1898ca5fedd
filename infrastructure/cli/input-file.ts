import { readFileSync, statSync, type Stats } from 'node:fs';
import { CliError } from './cli-context.ts';

/** Larger than any file a command reads (a logo may have 256 KB, a PKCS#12 bundle a few): a larger one is a mistake. */
export const MAX_INPUT_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The bytes of a file an option names. Only a regular file of at most MAX_INPUT_FILE_BYTES is read: a device such as
 * /dev/zero or /dev/stdin, or a named pipe, would never end (or block) and a huge file would fill the memory, so
 * each is refused at once with the option's name (exit code 2).
 */
export function readInputFile(option: string, path: string): Buffer {
  const refuse = (why: string) => new CliError(`${option}: cannot read ${path} (${why})`, 2);
  const failed = (error: unknown) => refuse((error as NodeJS.ErrnoException).code ?? String(error));
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw failed(error);
  }
  if (stats.isDirectory()) throw refuse('it is a directory');
  if (!stats.isFile()) throw refuse('not a regular file');
  if (stats.size > MAX_INPUT_FILE_BYTES) throw refuse(`it has ${stats.size} bytes; at most ${MAX_INPUT_FILE_BYTES} are read`);
  try {
    return readFileSync(path);
  } catch (error) {
    throw failed(error);
  }
}

/** More than any secret a command reads from standard input (a PKCS#12 password). */
export const MAX_STDIN_BYTES = 64 * 1024;

/**
 * What standard input holds, as UTF-8 without its final line break (a password piped in). Reading stops, and the
 * command is refused, past MAX_STDIN_BYTES: `< /dev/zero` or a file given by mistake would otherwise be read forever.
 */
export async function readStdinLine(option: string, input: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) throw new CliError(`${option}: standard input has more than ${MAX_STDIN_BYTES} bytes; it should hold one line`, 2);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}
