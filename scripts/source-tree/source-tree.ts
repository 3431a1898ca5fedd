import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The folders that hold the service's own code, and the web console's (bundled by scripts/build-console.mjs). */
const SOURCE_FOLDERS = ['api', 'application', 'domain', 'infrastructure', 'projections', 'console/src'] as const;
/** Folders of tools that run the source (benchmarks, code generators): their imports reference source files too. */
const TOOLING_FOLDERS = ['bench', 'scripts'] as const;

/**
 * The source files of a repository and what each one uses, as paths relative to the root with forward slashes.
 * `imports` holds every relative module reference of a source file (`import`, `import type`, `export … from`,
 * `import()`) that lands on another source file; `references` adds, for the unreferenced-file check, the source
 * files that tooling imports and the ones a file loads by URL (`new URL('./x.ts', import.meta.url)`, a worker).
 */
export interface SourceTree {
  root: string;
  files: readonly string[];
  text: ReadonlyMap<string, string>;
  imports: ReadonlyMap<string, readonly string[]>;
  references: ReadonlyMap<string, readonly string[]>;
}

export function readSourceTree(root: string, folders: readonly string[] = SOURCE_FOLDERS, tooling: readonly string[] = TOOLING_FOLDERS): SourceTree {
  const files = folders.flatMap((folder) => typeScriptFiles(root, folder)).sort();
  const isSource = new Set(files);
  const text = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
  const imports = new Map<string, string[]>();
  const references = new Map<string, string[]>();
  for (const file of files) {
    const source = text.get(file)!;
    const imported = sourceTargets(root, file, moduleSpecifiers(source), isSource);
    imports.set(file, imported);
    references.set(file, [...new Set([...imported, ...sourceTargets(root, file, urlSpecifiers(source), isSource)])]);
  }
  for (const file of tooling.flatMap((folder) => typeScriptFiles(root, folder))) {
    references.set(file, sourceTargets(root, file, moduleSpecifiers(readFileSync(join(root, file), 'utf8')), isSource));
  }
  return { root, files, text, imports, references };
}

function typeScriptFiles(root: string, folder: string): string[] {
  const start = join(root, folder);
  if (!existsSync(start)) return [];
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if ((entry.name.endsWith('.ts') || entry.name.endsWith('.tsx')) && !entry.name.endsWith('.d.ts')) {
        found.push(toTreePath(root, path));
      }
    }
  };
  walk(start);
  return found;
}

/** Every module a file names, read by the compiler's own pre-processor (type-only imports and `import()` included). */
function moduleSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((reference) => reference.fileName);
}

function urlSpecifiers(source: string): string[] {
  return [...source.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g)].map((match) => match[1]);
}

function sourceTargets(root: string, from: string, specifiers: readonly string[], isSource: ReadonlySet<string>): string[] {
  const targets = specifiers.map((specifier) => resolveRelative(root, from, specifier));
  return [...new Set(targets.filter((target): target is string => target !== undefined && isSource.has(target)))];
}

/** The repository file a relative specifier names (`.ts` as written, `.js` standing for `.ts`, or a folder's index). */
function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(root, dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found === undefined ? undefined : toTreePath(root, found);
}

function toTreePath(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
