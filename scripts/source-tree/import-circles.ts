import type { SourceTree } from './source-tree.ts';

/** Files that import each other, directly or through others: a strongly connected component of the import graph. */
export interface ImportCircle {
  /** Every file of the component, sorted. */
  files: string[];
  /** The shortest import path from the first file back to itself, so a failure names imports to cut. */
  path: string[];
}

/** The import circles of a tree (Tarjan's strongly connected components), including a file that imports itself. */
export function importCircles(tree: SourceTree): ImportCircle[] {
  return stronglyConnected(tree.files, tree.imports)
    .filter((files) => files.length > 1 || (tree.imports.get(files[0]) ?? []).includes(files[0]))
    .map((files) => ({ files, path: shortestLoop(files, tree.imports) }))
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** `a.ts → b.ts → a.ts`, then the component's files off that path. */
export function describeCircle(circle: ImportCircle): string {
  const others = circle.files.filter((file) => !circle.path.includes(file));
  const loop = circle.path.join(' → ');
  return others.length > 0 ? `${loop} (same circle: ${others.join(', ')})` : loop;
}

function stronglyConnected(files: readonly string[], imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    components.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return components;
}

function shortestLoop(component: readonly string[], imports: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at += 1) {
    const file = queue[at];
    for (const target of imports.get(file) ?? []) {
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  throw new Error(`no circle through ${start}`);
}
