import type { SourceTree } from './source-tree.ts';

export const LINE_LIMIT = 300;

/** Source files longer than the limit, longest first. */
export function longFiles(tree: SourceTree, limit = LINE_LIMIT): { file: string; lines: number }[] {
  return tree.files
    .map((file) => ({ file, lines: lineCount(tree.text.get(file)!) }))
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}
