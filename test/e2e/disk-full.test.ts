import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli-process.ts';
import { eventually } from '../support/fixtures.ts';
import { http, type HttpAnswer } from '../support/http.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { demoKey, startService, type ServiceProcess } from '../support/service-process.ts';

/** DATA_DIR on a tmpfs of its own, mounted small so that the service fills it (the suite runs as root, as CI does). */
describe('A full disk under DATA_DIR (a 12 MiB tmpfs, mounted by the test as root)', function () {
  this.timeout(120_000);
  const mountPoint = mkdtempSync(join(tmpdir(), 'einvoicing-full-'));
  const dataDir = join(mountPoint, 'data');
  let mounted = false;
  let service: ServiceProcess | undefined;

  before(() => {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`this test mounts a tmpfs and needs root (the suite's CI runs as root): ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
    mounted = true;
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    if (mounted) execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const post = (key: string, n: number) =>
    http(service!.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': `disk-full-${n}` } });

  it('given invoices posted until the disk is full, then each refusal is a 503 storage_full, and once space is freed the same requests are taken and every document is validated, numbered without a gap, its trail intact', async () => {
    service = await startService(dataDir, { SANDBOX_DELAY_MS: '5', SUBMISSION_LEASE_S: '5' });
    const { key } = demoKey(dataDir);
    const accepted = new Map<number, string>();
    const refused: Array<{ n: number; answer: HttpAnswer }> = [];
    for (let n = 0; n < 3_000 && refused.length < 20; n += 1) {
      const answer = await post(key, n);
      if (answer.status === 202) accepted.set(n, answer.body.id);
      else refused.push({ n, answer });
    }

    expect(refused, 'the disk never filled').to.have.length(20);
    for (const { answer } of refused) {
      expect([answer.status, answer.body.code, answer.headers.get('retry-after')], answer.text).to.deep.equal([503, 'storage_full', '30']);
      expect(answer.headers.get('content-type')).to.contain('application/problem+json');
      expect(answer.body.detail).to.contain('its storage is full').and.not.contain('SQLITE');
    }
    const draft = await http(service.baseUrl, 'POST', '/v1/invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'disk-full-draft' } });
    expect([draft.status, draft.body.code], draft.text).to.deep.equal([503, 'service_unavailable']);

    execFileSync('mount', ['-o', 'remount,size=256m', mountPoint]);
    for (const { n } of refused) {
      const again = await post(key, n);
      expect(again.status, again.text).to.equal(202);
      accepted.set(n, again.body.id);
    }
    const answeredAgain = await post(key, 0);
    expect(answeredAgain.body.id, 'a request taken before the disk filled is still the same document').to.equal(accepted.get(0));

    let validated = -1;
    await eventually(async () => {
      validated = (await http(service!.baseUrl, 'GET', '/invoices/v1/sales-invoices?status=validated&per_page=1', { key })).body.pagination.total;
      return validated === accepted.size;
    }, 60_000).catch(() => expect(validated, 'validated documents').to.equal(accepted.size));
    const numbers: string[] = [];
    for (let page = 1; page <= Math.ceil(accepted.size / 100); page += 1) {
      const list = await http(service.baseUrl, 'GET', `/invoices/v1/sales-invoices?status=validated&per_page=100&page=${page}`, { key });
      numbers.push(...list.body.data.map((document: { number: string }) => document.number));
    }
    const sequence = numbers.map((number) => Number(number.replace(/^\D+/, ''))).sort((a, b) => a - b);
    expect(new Set(sequence).size, 'numbers without a repeat').to.equal(accepted.size);
    expect(sequence[sequence.length - 1] - sequence[0] + 1, 'numbers without a gap').to.equal(accepted.size);

    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
    const verified = await runCli(dataDir, ['audit', 'verify']);
    expect(verified.code, verified.stderr).to.equal(0);
    expect(verified.stdout).to.match(/^trail intact/);
  });
});
