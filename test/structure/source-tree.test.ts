import { expect } from 'chai';
import { join } from 'node:path';
import { describeCircle } from '../../scripts/source-tree/import-circles.ts';
import { LINE_LIMIT } from '../../scripts/source-tree/long-files.ts';
import { DOUBLE_CAST_LIMIT, sourceTreeReport, type SourceTreeReport } from '../../scripts/source-tree/source-tree-report.ts';

const REPOSITORY = join(import.meta.dirname, '../..');

/** The report lists each broken rule's files, so a failure says what to fix (`npm run structure` prints it all). */
const listed = (lines: readonly string[]) => lines.map((line) => `\n  ${line}`).join('');

describe('source tree: api, application, domain, infrastructure, projections, console/src', () => {
  let report: SourceTreeReport;
  before(() => {
    report = sourceTreeReport(REPOSITORY);
  });

  it('has no import circles', () => {
    const circles = report.circles.map(describeCircle);
    expect(circles, `import circles:${listed(circles)}`).to.deep.equal([]);
  });

  it(`has no file over ${LINE_LIMIT} lines`, () => {
    const long = report.longFiles.map(({ file, lines }) => `${file} (${lines})`);
    expect(long, `files over ${LINE_LIMIT} lines:${listed(long)}`).to.deep.equal([]);
  });

  it('has every source file imported by another or started by a process', () => {
    expect(report.unreferenced, `files nothing imports:${listed(report.unreferenced)}`).to.deep.equal([]);
  });

  it(`has at most ${DOUBLE_CAST_LIMIT} \`as unknown as\` casts`, () => {
    const casts = [...report.doubleCasts.byFile].map(([file, count]) => `${file} (${count})`);
    expect(report.doubleCasts.total, `\`as unknown as\` casts:${listed(casts)}`).to.be.at.most(DOUBLE_CAST_LIMIT);
  });

  it('starts from api/main.ts, infrastructure/cli/main.ts and the console bundle’s console/src/main.tsx', () => {
    expect(report.entryPoints).to.deep.equal(['api/main.ts', 'console/src/main.tsx', 'infrastructure/cli/main.ts']);
  });
});
