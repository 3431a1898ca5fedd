import type { E2eResult } from './e2e.ts';
import type { Share } from './profile-summary.ts';

const pct = (share: number) => `${(100 * share).toFixed(1)} %`;
const table = (title: string, shares: Share[]) => [
  `| ${title} | Share of the thread's time |`,
  '| --- | --- |',
  ...shares.map(([name, share]) => `| \`${name.replace(/\|/g, '\\|')}\` | ${pct(share)} |`),
  '',
];

/** The Profiles section: the busy threads of the profiled end-to-end run (at the sustained rate), top frames of each. */
export function profilesSection(e2e: E2eResult | Error): string[] {
  if (e2e instanceof Error) return [];
  const run = e2e.profiled;
  if (!run || run.profiles.length === 0) return [];
  const out = [
    '## Profiles',
    '',
    `\`--cpu-prof\` of the service during the end-to-end run at ${run.rate} requests/s (${run.seconds} s, from its start to its stop); ` +
      'one profile per thread, the module loader\'s idle threads left out. Shares are of the thread\'s whole profiled time, idle included.',
    '',
  ];
  for (const profile of run.profiles) {
    out.push(
      `### ${profile.file}: ${profile.seconds.toFixed(1)} s profiled, ${pct(profile.idle)} idle`,
      '',
      ...table('Self time by area (package or repository folder)', profile.areas),
      ...table('Self time, top frames', profile.self),
      ...table('Inclusive time, repository frames', profile.inclusive),
    );
  }
  return out;
}
