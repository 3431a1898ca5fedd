import { doubleCasts } from './double-casts.ts';
import { entryPoints } from './entry-points.ts';
import { describeCircle, importCircles, type ImportCircle } from './import-circles.ts';
import { LINE_LIMIT, longFiles } from './long-files.ts';
import { readSourceTree } from './source-tree.ts';
import { unreferencedFiles } from './unreferenced-files.ts';

/** Issue 13's budget for `as unknown as` in the source. */
export const DOUBLE_CAST_LIMIT = 5;

export interface SourceTreeReport {
  circles: ImportCircle[];
  longFiles: { file: string; lines: number }[];
  entryPoints: string[];
  unreferenced: string[];
  doubleCasts: { total: number; byFile: Map<string, number> };
}

export function sourceTreeReport(root: string): SourceTreeReport {
  const tree = readSourceTree(root);
  const starts = entryPoints(root, tree.files);
  return {
    circles: importCircles(tree),
    longFiles: longFiles(tree),
    entryPoints: starts,
    unreferenced: unreferencedFiles(tree, starts),
    doubleCasts: doubleCasts(tree),
  };
}

/** The report as text, one section per rule; `ok` is false when any rule is broken. */
export function formatReport(report: SourceTreeReport): { text: string; ok: boolean } {
  const casts = [...report.doubleCasts.byFile].map(([file, count]) => `${file} (${count})`);
  const sections = [
    section('Import circles', report.circles.map(describeCircle)),
    section(`Files over ${LINE_LIMIT} lines`, report.longFiles.map(({ file, lines }) => `${file} (${lines})`)),
    section(`Files nothing imports (entry points: ${report.entryPoints.join(', ')})`, report.unreferenced),
    `\`as unknown as\` casts: ${report.doubleCasts.total} (at most ${DOUBLE_CAST_LIMIT})${casts.map((line) => `\n  ${line}`).join('')}`,
  ];
  const ok = report.circles.length === 0 && report.longFiles.length === 0 && report.unreferenced.length === 0 && report.doubleCasts.total <= DOUBLE_CAST_LIMIT;
  return { text: sections.join('\n\n'), ok };
}

function section(title: string, lines: readonly string[]): string {
  return `${title}: ${lines.length === 0 ? 'none' : lines.length}${lines.map((line) => `\n  ${line}`).join('')}`;
}
