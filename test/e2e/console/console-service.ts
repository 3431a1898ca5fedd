import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** `npm run cli -- keys create …` on the service's DATA_DIR, as an operator runs it; the key printed with --json. */
export function createKeyWithCli(dataDir: string, args: string[]): Promise<{ key: string; id: string }> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', 'keys', 'create', ...args, '--json'],
      { cwd: ROOT, env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir }, timeout: 60_000 },
      (error, stdout, stderr) => (error ? fail(new Error(`keys create failed: ${stderr}`)) : done(JSON.parse(stdout))),
    );
  });
}

const SALE = (item: string, price: string, total: string) => ({
  customer: {
    identification_document_code: '31',
    identification: '123456789',
    dv: '6',
    legal_organization: '1',
    company: 'Cliente de prueba S.A.S.',
    municipality_code: '68679',
  },
  items: [{ code_reference: item, name: `Producto ${item}`, quantity: '1.00', price, taxes: [{ code: '01', rate: '19.00' }] }],
  payment_details: [{ payment_form: '1', payment_method_code: '42', amount: total }],
});

interface Issued {
  id: string;
  number: string | null;
  status: string;
}

/** Issues a sales invoice of one item (19 % VAT) over the API, discarded at once if asked, and waits for a final state. */
export async function issueInvoice(baseUrl: string, key: string, idempotencyKey: string, { price = '10000.00', total = '11900.00', discard = false } = {}): Promise<Issued> {
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey, 'X-Correlation-Id': `corr-${idempotencyKey}` };
  const created = await fetch(`${baseUrl}/invoices/v1/sales-invoices`, { method: 'POST', headers, body: JSON.stringify(SALE(idempotencyKey, price, total)) });
  if (created.status !== 202) throw new Error(`issue answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  if (discard) {
    const deleted = await fetch(`${baseUrl}/invoices/v1/sales-invoices/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
    if (deleted.status !== 200) throw new Error(`discard answered ${deleted.status}`);
  }
  for (let round = 0; round < 200; round += 1) {
    const record = (await (await fetch(`${baseUrl}/invoices/v1/sales-invoices/${id}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as Issued;
    if (['validated', 'rejected', 'failed', 'cancelled'].includes(record.status)) return record;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`invoice ${id} never reached a final state`);
}

/** A webhook receiver that answers 410 Gone to everything: the service disables an endpoint pointing at it. */
export async function refusingWebhookReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => void response.writeHead(410).end());
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/** Waits until the company's first webhook endpoint is disabled (its receiver answered a delivery with 410). */
export async function endpointDisabled(baseUrl: string, key: string): Promise<void> {
  for (let round = 0; round < 100; round += 1) {
    const answer = await fetch(`${baseUrl}/v1/webhook-endpoints`, { headers: { Authorization: `Bearer ${key}` } });
    const { data } = (await answer.json()) as { data: Array<{ status: string }> };
    if (data[0]?.status === 'disabled') return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('the webhook endpoint was never disabled');
}
