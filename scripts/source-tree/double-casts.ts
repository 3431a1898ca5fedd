import ts from 'typescript';
import type { SourceTree } from './source-tree.ts';

/** The `x as unknown as T` casts in each source file (the compiler's syntax tree, so comments and strings don't count). */
export function doubleCasts(tree: SourceTree): { total: number; byFile: Map<string, number> } {
  const byFile = new Map<string, number>();
  for (const file of tree.files) {
    const count = countIn(ts.createSourceFile(file, tree.text.get(file)!, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
    if (count > 0) byFile.set(file, count);
  }
  return { total: [...byFile.values()].reduce((sum, count) => sum + count, 0), byFile };
}

function countIn(node: ts.Node): number {
  let count = isDoubleCast(node) ? 1 : 0;
  node.forEachChild((child) => {
    count += countIn(child);
  });
  return count;
}

function isDoubleCast(node: ts.Node): boolean {
  if (!ts.isAsExpression(node)) return false;
  let inner = node.expression;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword;
}
