import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { doubleCasts } from '../../scripts/source-tree/double-casts.ts';
import { entryPoints } from '../../scripts/source-tree/entry-points.ts';
import { describeCircle, importCircles } from '../../scripts/source-tree/import-circles.ts';
import { longFiles } from '../../scripts/source-tree/long-files.ts';
import { readSourceTree } from '../../scripts/source-tree/source-tree.ts';
import { unreferencedFiles } from '../../scripts/source-tree/unreferenced-files.ts';

describe('scripts/source-tree: the structure checker on fixture trees', () => {
  const roots: string[] = [];
  after(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** Writes the files under a fresh temporary directory and returns it. */
  function fixture(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'source-tree-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  const circlesIn = (files: Record<string, string>) => importCircles(readSourceTree(fixture(files))).map(describeCircle);

  describe('import circles', () => {
    it('given two files importing each other, then it reports the circle', () => {
      const circles = circlesIn({
        'domain/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'domain/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      });
      expect(circles).to.deep.equal(['domain/a.ts → domain/b.ts → domain/a.ts']);
    });

    it('given three files in a ring across folders, then it reports the circle in import order', () => {
      const circles = circlesIn({
        'api/a.ts': "import { b } from '../application/b.ts';\nexport const a = 1 + b;\n",
        'application/b.ts': "export { c as b } from '../infrastructure/c.ts';\n",
        'infrastructure/c.ts': "import { a } from '../api/a.ts';\nexport const c = () => a;\n",
      });
      expect(circles).to.deep.equal(['api/a.ts → application/b.ts → infrastructure/c.ts → api/a.ts']);
    });

    it('given a circle made only of type imports and type re-exports, then it reports it too', () => {
      const circles = circlesIn({
        'domain/state.ts': "import type { Event } from './events.ts';\nexport interface State { last?: Event }\n",
        'domain/events.ts': "export type { State as Snapshot } from './state.ts';\nexport interface Event { type: string }\n",
      });
      expect(circles).to.deep.equal(['domain/events.ts → domain/state.ts → domain/events.ts']);
    });

    it('given a circle closed by a dynamic import or a .js specifier, then it reports it', () => {
      const circles = circlesIn({
        'infrastructure/open.ts': "export const open = async () => (await import('./store.ts')).store;\n",
        'infrastructure/store.ts': "import { open } from './open.js';\nexport const store = { open };\n",
      });
      expect(circles).to.deep.equal(['infrastructure/open.ts → infrastructure/store.ts → infrastructure/open.ts']);
    });

    it('given a larger tangle, then it reports one component with its shortest loop and its other files', () => {
      const circles = circlesIn({
        'domain/a.ts': "import './b.ts';\nimport './c.ts';\n",
        'domain/b.ts': "import './a.ts';\n",
        'domain/c.ts': "import './d.ts';\n",
        'domain/d.ts': "import './a.ts';\n",
      });
      expect(circles).to.deep.equal(['domain/a.ts → domain/b.ts → domain/a.ts (same circle: domain/c.ts, domain/d.ts)']);
    });

    it('given an acyclic tree with shared leaves, package imports and imports of non-source files, then it reports none', () => {
      const circles = circlesIn({
        'api/routes.ts': "import { Router } from 'express';\nimport { run } from '../application/run.ts';\nimport { leaf } from '../domain/leaf.ts';\nexport const routes = [Router, run, leaf];\n",
        'application/run.ts': "import type { Leaf } from '../domain/leaf.ts';\nimport data from '../domain/data.json' with { type: 'json' };\nexport const run = (leaf: Leaf) => [leaf, data];\n",
        'domain/leaf.ts': "export type Leaf = string;\nexport const leaf: Leaf = 'leaf';\n",
        'domain/data.json': '[]\n',
      });
      expect(circles).to.deep.equal([]);
    });

    it('given a file that imports itself, then it reports a circle of one', () => {
      expect(circlesIn({ 'domain/self.ts': "export * from './self.ts';\n" })).to.deep.equal(['domain/self.ts → domain/self.ts']);
    });
  });

  describe('files over the line limit', () => {
    it('reports a file of 301 lines and not one of exactly 300, counting a last line without newline', () => {
      const root = fixture({
        'domain/long.ts': 'export {};\n'.repeat(301),
        'domain/limit.ts': 'export {};\n'.repeat(300),
        'domain/unterminated.ts': 'export {};\n'.repeat(300) + 'export {};',
      });
      expect(longFiles(readSourceTree(root))).to.deep.equal([
        { file: 'domain/long.ts', lines: 301 },
        { file: 'domain/unterminated.ts', lines: 301 },
      ]);
    });
  });

  describe('files nothing imports', () => {
    it('counts imports, tooling imports, files loaded by URL and what package.json and the Dockerfile start; not test imports', () => {
      const root = fixture({
        'package.json': JSON.stringify({ scripts: { start: 'node scripts/check.mjs && tsx api/main.ts', bench: 'tsx bench/run.ts' } }),
        Dockerfile: '# api/forgotten.ts in a comment starts nothing\nCMD ["node", "--import", "tsx", "infrastructure/cli/main.ts"]\n',
        'api/main.ts': "import { host } from '../infrastructure/host.ts';\nhost();\n",
        'api/forgotten.ts': 'export const forgotten = 1;\n',
        'infrastructure/cli/main.ts': 'export {};\n',
        'infrastructure/host.ts': "export const host = () => new URL('./worker-entry.ts', import.meta.url);\n",
        'infrastructure/worker-entry.ts': 'export {};\n',
        'application/measured.ts': 'export const measured = 1;\n',
        'bench/run.ts': "import { measured } from '../application/measured.ts';\nconsole.log(measured);\n",
        'domain/tested-only.ts': 'export const tested = 1;\n',
        'test/tested-only.test.ts': "import { tested } from '../domain/tested-only.ts';\nconsole.log(tested);\n",
      });
      const tree = readSourceTree(root);
      const starts = entryPoints(root, tree.files);
      expect(starts).to.deep.equal(['api/main.ts', 'infrastructure/cli/main.ts']);
      expect(unreferencedFiles(tree, starts)).to.deep.equal(['api/forgotten.ts', 'domain/tested-only.ts']);
    });

    it('reads the console’s .ts and .tsx files, starting from its bundle entry, so an unused component is found', () => {
      const root = fixture({
        'console/src/main.tsx': "import { App } from './app.tsx';\nApp();\n",
        'console/src/app.tsx': "import { label } from './format/label.ts';\nexport const App = () => label;\n",
        'console/src/format/label.ts': "export const label = 'hola';\n",
        'console/src/unused-page.tsx': 'export const Unused = () => null;\n',
      });
      const tree = readSourceTree(root);
      const starts = entryPoints(root, tree.files);
      expect(starts).to.deep.equal(['console/src/main.tsx']);
      expect(unreferencedFiles(tree, starts)).to.deep.equal(['console/src/unused-page.tsx']);
      expect(circlesIn({ 'console/src/a.tsx': "import './b.tsx';\n", 'console/src/b.tsx': "import './a.tsx';\n" })).to.have.length(1);
    });

    it('does not count a file importing itself as a reference', () => {
      const root = fixture({ 'domain/self.ts': "export * from './self.ts';\n" });
      const tree = readSourceTree(root);
      expect(unreferencedFiles(tree, entryPoints(root, tree.files))).to.deep.equal(['domain/self.ts']);
    });
  });

  describe('`as unknown as` casts', () => {
    it('counts each double cast in code, parenthesised or not, and not the words in comments or strings', () => {
      const root = fixture({
        'projections/casts.ts': [
          '// a comment: value as unknown as Target',
          "const text = 'as unknown as';",
          'const raw: unknown = text;',
          'export const one = raw as unknown as { a: number };',
          'export const two = (raw as unknown) as string[];',
          'export const fine = raw as string;',
          '',
        ].join('\n'),
        'projections/clean.ts': 'export const clean = 1;\n',
      });
      const { total, byFile } = doubleCasts(readSourceTree(root));
      expect(total).to.equal(2);
      expect([...byFile]).to.deep.equal([['projections/casts.ts', 2]]);
    });
  });
});
