import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { DESIGNS, templateNamed } from '../domain/messages/template-catalog.ts';
import { Container } from '../infrastructure/composition/container.ts';
import { openStores } from '../infrastructure/composition/open-stores.ts';
import { loadConfig } from '../infrastructure/config/config.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { HandlebarsTemplateRenderer } from '../infrastructure/mail/handlebars-template-renderer.ts';
import { DEFAULT_COLORS } from '../domain/messages/brand.ts';
import { freePort, makeTempDir, removeTempDir, spawnTsx, waitUntil } from './resources.ts';

export interface MessagesBenchResult {
  renders: number;
  rendersPerSecond: number;
  messages: number;
  connections: number;
  acceptedPerSecond: number;
  deliveredPerSecond: number;
  seconds: number;
  statusCodes: Record<string, number>;
}

const RENDERS = Number(process.env.BENCH_RENDERS ?? 5_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const invoice = templateNamed('factura-electronica')!;
const brand = {
  slug: 'bench',
  name: 'Bench S.A.S.',
  logoUrl: 'https://bench.example/logo.png',
  colors: DEFAULT_COLORS,
  legal: { legalName: 'Bench S.A.S.', nit: '900825759-7', address: 'Calle 1', phone: null, email: null, website: null },
  applications: [],
  allApplications: true,
};

/** Handlebars alone: the factura-electronica template in each design in turn (subject, HTML, text). */
function measureRendering(): { renders: number; rendersPerSecond: number } {
  const renderer = new HandlebarsTemplateRenderer();
  const render = (i: number) => renderer.render({ slug: 'factura-electronica', design: DESIGNS[i % 3], brand, data: invoice.sampleData });
  for (let i = 0; i < 300; i += 1) render(i);
  const start = performance.now();
  for (let i = 0; i < RENDERS; i += 1) render(i);
  return { renders: RENDERS, rendersPerSecond: RENDERS / ((performance.now() - start) / 1000) };
}

/** A loopback SMTP server that accepts everything and counts what arrived. */
async function countingSmtpServer(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  const socket = await new Promise<{ address(): unknown }>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = socket.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A live key with messages:send in a fresh DATA_DIR, made before the service starts (no CLI round trip). */
async function liveKey(dataDir: string): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  const container = new Container(config, createLogger('silent'), stores);
  try {
    const context = { actor: 'bench', correlationId: 'bench' };
    const tenant = await container.registerTenant.execute({ nit: '900825759', legalName: 'Bench S.A.S.', tradeName: 'Bench' }, context);
    const issued = await container.apiKeys.issue({ tenantId: tenant.id, environment: 'live', scopes: ['messages:send'] }, { ...context, tenantId: tenant.id, environment: 'live' });
    return issued.key;
  } finally {
    await container.close();
  }
}

/**
 * The real service as a child process (its workers in their worker thread, as `npm start` runs them) on SQLite:
 * autocannon POSTs /v1/messages (validation, rendering, the MessageQueued append), and the delivery process manager
 * sends through nodemailer's SMTP pool to an smtp-server on loopback in this process. Delivered/s counts from the
 * first request to the last message the SMTP server accepted.
 */
export async function runMessages(): Promise<MessagesBenchResult> {
  const rendering = measureRendering();
  const smtp = await countingSmtpServer();
  const dataDir = makeTempDir('messages');
  const key = await liveKey(dataDir);
  const port = await freePort();
  const service = spawnTsx('api/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'bench@bench.example',
    MESSAGES_RATE_LIMIT: '1000000000',
  }, process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []);
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntil(service, 'service', async () => (await fetch(`${baseUrl}/health/ready`)).ok);
    const body = JSON.stringify({ to: 'cliente@bench.example', template: { slug: 'factura-electronica' }, data: invoice.sampleData });
    const start = performance.now();
    const load = await autocannon({
      url: `${baseUrl}/v1/messages`,
      method: 'POST',
      connections: CONNECTIONS,
      amount: MESSAGES,
      timeout: 10,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
    });
    const acceptedSeconds = (performance.now() - start) / 1000;
    if (load.non2xx > 0) process.stderr.write(`[bench] messages: ${load.non2xx} answers were not 2xx; the service said:\n${service.output()}\n`);
    const accepted = load.statusCodeStats?.['202']?.count ?? 0;
    const deadline = Date.now() + 180_000;
    while (smtp.received() < accepted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const seconds = (performance.now() - start) / 1000;
    if (smtp.received() < accepted) throw new Error(`only ${smtp.received()} of ${accepted} messages reached the SMTP server in 180 s`);
    return {
      ...rendering,
      messages: accepted,
      connections: CONNECTIONS,
      acceptedPerSecond: accepted / acceptedSeconds,
      deliveredPerSecond: smtp.received() / seconds,
      seconds,
      statusCodes: Object.fromEntries(Object.entries(load.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
    };
  } finally {
    await service.stop();
    await smtp.close();
    removeTempDir(dataDir);
  }
}
