/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_PROFILE_DIR=/tmp/prof npm run bench):
 * the functions with the most self time, and inclusive time for the repository's own functions.
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 * The end-to-end benchmark (bench/e2e.ts) uses `summariseProfile` for the Profiles section of RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './resources.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A name and its share (0..1) of the profiled time. */
export type Share = [name: string, share: number];

export interface ProfileSummary {
  file: string;
  seconds: number;
  /** Share of the time the thread was idle (V8's "(idle)" frame). */
  idle: number;
  /** Self time by area: node_modules package, repository folder (two levels), node internals, or V8's own. */
  areas: Share[];
  self: Share[];
  /** Inclusive time of the repository's own functions (api, application, domain, infrastructure, projections). */
  inclusive: Share[];
}

function where(frame: ProfileNode['callFrame']): string {
  let file = frame.url.replace(/^file:\/\//, '');
  if (file.startsWith(ROOT)) file = relative(ROOT, file);
  else if (file.includes('node_modules/')) file = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length);
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
}

function area(frame: ProfileNode['callFrame']): string {
  const url = frame.url.replace(/^file:\/\//, '');
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  if (url.startsWith(ROOT)) return relative(ROOT, url).split('/').slice(0, 2).join('/');
  return url;
}

/** The top `top` entries of each list of one profile. */
export function summariseProfile(file: string, top: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // Time per node from the sample deltas (microseconds).
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totalUs = Math.max(1, profile.endTime - profile.startTime);

  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    self.set(where(node.callFrame), (self.get(where(node.callFrame)) ?? 0) + us);
    areas.set(area(node.callFrame), (areas.get(area(node.callFrame)) ?? 0) + us);
    // Inclusive: every distinct frame on the stack gets the sample once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = where(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }

  const list = (map: Map<string, number>, keep: (name: string) => boolean): Share[] =>
    [...map]
      .filter(([name]) => keep(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => [name, us / totalUs]);
  const own = (name: string) => /\s(api|application|domain|infrastructure|projections)\//.test(name);
  return {
    file,
    seconds: totalUs / 1e6,
    idle: (areas.get('(idle)') ?? 0) / totalUs,
    areas: list(areas, () => true),
    self: list(self, () => true),
    inclusive: list(inclusive, own),
  };
}

const pct = (share: number) => `${(100 * share).toFixed(1).padStart(5)}%`;

/** The summary as the CLI prints it. */
export function formatProfileSummary(summary: ProfileSummary): string {
  const lines = (shares: Share[]) => shares.map(([name, share]) => `  ${pct(share)}  ${name}`);
  return [
    `${summary.file}: ${summary.seconds.toFixed(1)} s profiled`,
    'Self time by area (package, or repository folder):',
    ...lines(summary.areas),
    'Self time:',
    ...lines(summary.self),
    'Inclusive time, repository code:',
    ...lines(summary.inclusive),
  ].join('\n');
}

/** The thread a profile file is of: node names them CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile, 0 the main thread. */
export function threadOf(file: string): string {
  const thread = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(basename(file))?.[1];
  if (thread === undefined) return basename(file);
  return thread === '0' ? 'main thread (HTTP API)' : `worker thread ${thread}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  process.stdout.write(`${formatProfileSummary(summariseProfile(file, Number(top ?? 25)))}\n`);
}
