import { expect } from 'chai';
import { join } from 'node:path';
import { describeCircle } from '../../scripts/source-tree/import-circles.ts';
import { LINE_LIMIT } from '../../scripts/source-tree/long-files.ts';
import { sourceTreeReport, type SourceTreeReport } from '../../scripts/source-tree/source-tree-report.ts';

const REPOSITORY = join(import.meta.dirname, '../..');

/** The report lists each broken rule's files, so a failure says what to fix (`npm run structure` prints it all). */
const listed = (lines: readonly string[]) => lines.map((line) => `\n  ${line}`).join('');

describe('source tree: api, application, domain, infrastructure, projections', () => {
  let report: SourceTreeReport;
  before(() => {
    report = sourceTreeReport(REPOSITORY);
  });

  it('has no import circles outside domain/', () => {
    const circles = report.circles.filter((circle) => !circle.files.every((file) => file.startsWith('domain/'))).map(describeCircle);
    expect(circles, `import circles:${listed(circles)}`).to.deep.equal([]);
  });

  it(`has no file over ${LINE_LIMIT} lines`, () => {
    const long = report.longFiles.map(({ file, lines }) => `${file} (${lines})`);
    expect(long, `files over ${LINE_LIMIT} lines:${listed(long)}`).to.deep.equal([]);
  });

  it('has every file outside domain/ imported by another or started by a process', () => {
    const unreferenced = report.unreferenced.filter((file) => !file.startsWith('domain/'));
    expect(unreferenced, `files nothing imports:${listed(unreferenced)}`).to.deep.equal([]);
  });

  it('starts from api/main.ts and infrastructure/cli/main.ts', () => {
    expect(report.entryPoints).to.deep.equal(['api/main.ts', 'infrastructure/cli/main.ts']);
  });
});
