import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { renderDigests } from './render-digests.ts';

const SCRIPT = fileURLToPath(new URL('./render-digests.ts', import.meta.url));

function digestsIn(timeZone: string): Record<string, string> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], { encoding: 'utf8', env: { ...process.env, TZ: timeZone } });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

describe('rendering is a pure function of the document', function () {
  this.timeout(60_000);

  it('renders the same bytes of every format twice in one process', async () => {
    expect(await renderDigests()).to.deep.equal(await renderDigests());
  });

  it('renders the same bytes in processes in other time zones and at other moments (no clock, no local time)', async () => {
    const here = await renderDigests();

    expect(digestsIn('Pacific/Kiritimati')).to.deep.equal(here);
    expect(digestsIn('America/Bogota')).to.deep.equal(here);
  });
});
