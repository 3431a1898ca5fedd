import type { SourceTree } from './source-tree.ts';

/** Source files that no other file imports, tooling uses or loads by URL, and that no process starts from. */
export function unreferencedFiles(tree: SourceTree, entryPoints: readonly string[]): string[] {
  const referenced = new Set(entryPoints);
  for (const [file, targets] of tree.references) for (const target of targets) if (target !== file) referenced.add(target);
  return tree.files.filter((file) => !referenced.has(file));
}
