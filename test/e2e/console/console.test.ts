import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoKey, startService, type ServiceProcess } from '../../support/service-process.ts';
import { Tamperer } from '../../support/trail-tampering.ts';
import { launchChromium, openTab, screenshot, signIn } from './console-browser.ts';
import { bogotaDate, EXPORT_COLUMNS, expectText, pesos } from './console-expectations.ts';
import { createKeyWithCli, endpointDisabled, issueInvoice, refusingWebhookReceiver } from './console-service.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The console in headless Chromium against the real service (a child process on a fresh DATA_DIR). */
describe('Console in a browser (headless Chromium, real service)', function () {
  this.timeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-console-'));
  let service: ServiceProcess;
  let browser: Browser;
  let key: string;
  let readOnlyKey: string;
  let operatorKey: string;
  let first: { id: string; number: string | null };
  let second: { id: string; number: string | null };
  let tab: { context: BrowserContext; page: Page; urls: string[] } | undefined;
  let receiver: Awaited<ReturnType<typeof refusingWebhookReceiver>>;

  const open = async (viewport?: { width: number; height: number }) => (tab = await openTab(browser, viewport));
  const documentPath = (id: string) => `/console/documentos/sales-invoices/${id}`;

  before(async function () {
    this.timeout(120_000);
    const build = spawnSync(process.execPath, ['scripts/build-console.mjs'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the console did not build: ${build.stderr}`);
    receiver = await refusingWebhookReceiver();
    // Without the rebuilds at start, no revision is recorded: the messages projection (revision 2) shows one due.
    service = await startService(dataDir, { SANDBOX_DELAY_MS: '200', WEBHOOKS_ALLOW_PRIVATE: 'true', PROJECTIONS_AUTO_REBUILD: 'false' });
    const demo = demoKey(dataDir);
    key = demo.key;
    // Its receiver answers 410 Gone: the first delivery (the first invoice validated) disables it.
    const endpoint = await fetch(`${service.baseUrl}/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['document.validated'], description: 'ERP de pruebas' }),
    });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint answered ${endpoint.status}: ${await endpoint.text()}`);
    [readOnlyKey, operatorKey] = await Promise.all([
      createKeyWithCli(dataDir, ['--tenant', demo.tenant_id, '--env', 'test', '--scopes', 'invoices:read', '--name', 'auditor']).then((created) => created.key),
      createKeyWithCli(dataDir, ['--operator', '--name', 'ops']).then((created) => created.key),
    ]);
    first = await issueInvoice(service.baseUrl, key, 'console-0001');
    second = await issueInvoice(service.baseUrl, key, 'console-0002', { price: '20000.00', total: '23800.00' });
    await issueInvoice(service.baseUrl, key, 'console-0003', { discard: true });
    browser = await launchChromium();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await screenshot(tab?.page, this.currentTest.fullTitle());
    await tab?.context.close();
    tab = undefined;
  });

  after(async () => {
    await browser?.close();
    await receiver?.close();
    service?.child.kill('SIGTERM');
    await service?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a wrong key, when signing in, then it is refused with a readable Spanish message and nothing is kept', async () => {
    const { page } = await open();
    await page.goto(`${service.baseUrl}/console`);
    await page.getByLabel('Clave de API').fill('fe_test_esta-clave-no-existe');
    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expectText(page.getByRole('alert'), 'Clave rechazada: no existe o fue revocada. Revise que la copió completa.');
    expect(await page.evaluate(() => sessionStorage.length)).to.equal(0);
    expect(await page.getByRole('navigation', { name: 'Secciones' }).count()).to.equal(0);
  });

  it('given a key that expires in 5 days, then the header warns when, in Spanish; given one that has expired, then sign-in says so', async () => {
    const demo = demoKey(dataDir);
    const scoped = ['--tenant', demo.tenant_id, '--env', 'test', '--scopes', 'invoices:read'];
    const expiresSoon = new Date(Date.now() + 4_000).toISOString();
    const [expiring, expired] = await Promise.all([
      createKeyWithCli(dataDir, [...scoped, '--expires-in', '5']),
      createKeyWithCli(dataDir, [...scoped, '--expires-at', expiresSoon]),
    ]);
    const { page } = await open();
    await signIn(page, service.baseUrl, expiring.key);

    await expectText(page.getByRole('region', { name: 'Avisos' }), /^Esta clave vence el \d{1,2}\/\d{1,2}\/\d{4}, .+ \(en 4 días\): pida una nueva al operador y cambie a ella antes\.$/);

    await page.getByRole('button', { name: 'Salir' }).click();
    while (Date.now() <= Date.parse(expiresSoon)) await new Promise((wait) => setTimeout(wait, 100));
    await page.getByLabel('Clave de API').fill(expired.key);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expectText(page.getByRole('alert'), /^Clave rechazada: venció el \d{1,2}\/\d{1,2}\/\d{4}, .+; pida una nueva al operador\.$/);
  });

  it('given only a keyboard, then one signs in, reaches a document from the list and checks its trail', async () => {
    const { page } = await open();
    await page.goto(`${service.baseUrl}/console`);
    const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim() || document.activeElement?.id}`);

    await page.keyboard.press('Tab');
    expect(await focused()).to.equal('A Saltar al contenido');
    await page.keyboard.press('Tab');
    expect(await focused()).to.equal('INPUT api-key');
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    await page.locator('table.documents tbody tr').first().waitFor();
    expect(await focused()).to.equal('H1 Documentos');
    for (let presses = 0; presses < 40 && (await focused()) !== `A ${first.number}`; presses += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Factura de venta ${first.number}` }).waitFor();
    for (let presses = 0; presses < 60 && (await focused()) !== 'BUTTON Verificar la cadena de hashes'; presses += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectText(page.locator('.trail-result'), /^Rastro íntegro: 3 eventos verificados/);
  });

  it('given the demo key, when signed in, then the list shows the issued invoices, and status and number filters narrow it', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key);
    const rows = page.locator('table.documents tbody tr');

    await expectText(page.locator('.summary'), '3 documentos; se muestran del 1 al 3.');
    expect(await rows.count()).to.equal(3);
    expect(await page.locator('table.documents').innerText()).to.include(first.number!).and.include(pesos('11.900,00')).and.include('validado').and.include('cancelado');

    await page.getByLabel('Estado').selectOption('validated');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expectText(page.locator('.summary'), '2 documentos; se muestran del 1 al 2.');
    expect(await rows.locator('td:nth-child(1)').allInnerTexts()).to.have.members([first.number, second.number]);

    await page.getByLabel('Número').fill(second.number!);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expectText(page.locator('.summary'), '1 documento; se muestran del 1 al 1.');
    expect(await rows.locator('td:nth-child(1)').allInnerTexts()).to.deep.equal([second.number]);
    expect(await rows.innerText()).to.include(pesos('23.800,00'));
  });

  it('given an invoice, when its page opens, then the timeline runs from created to validated and the as-of view at creation shows pending', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key);
    await page.getByRole('link', { name: first.number! }).click();
    await page.getByRole('heading', { name: `Factura de venta ${first.number}` }).waitFor();

    const events = page.locator('ol.timeline > li');
    await events.first().waitFor();
    expect(await events.evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')))).to.deep.equal([
      'DocumentCreated',
      'DocumentSubmissionStarted',
      'DocumentValidated',
    ]);
    const facts = await events.locator('.event-facts').allInnerTexts();
    expect(facts[0]).to.include('pendiente').and.include('corr-console-0001');
    expect(facts[2]).to.include('validado').and.include('el servicio (submission)');
    const validatedChanges = await events.nth(2).locator('ul.diff').innerText();
    expect(validatedChanges).to.match(/Estado\s+status[\s\S]*sent[\s\S]*validated/);
    expect(validatedChanges).to.match(/Número\s+number[\s\S]*null[\s\S]*SETP/);

    await events.first().getByRole('button', { name: 'Ver el documento en este instante' }).click();
    await expectText(page.locator('.as-of-result'), /el documento estaba pendiente, sin número\./);
    await page.getByText(/^Lo que cambió desde entonces/).click();
    expect(await page.locator('section[aria-labelledby="h-as-of"] ul.diff').innerText()).to.match(/Estado\s+status[\s\S]*pending[\s\S]*validated/);
    await events.nth(2).getByRole('button', { name: 'Ver el documento en este instante' }).click();
    await expectText(page.locator('.as-of-result'), new RegExp(`el documento estaba validado, con número ${first.number}\\.`));
    expect(await page.locator('dl.totals').innerText()).to.include('Total a pagar').and.include(pesos('11.900,00'));
  });

  it('given an invoice, when its trail is checked, then intact; after its stored event is altered in SQLite, then where it breaks', async () => {
    const tampered = await issueInvoice(service.baseUrl, key, 'console-trail-1');
    const { page } = await open();
    await signIn(page, service.baseUrl, key, documentPath(tampered.id));
    const check = page.getByRole('button', { name: 'Verificar la cadena de hashes' });

    await check.click();
    await expectText(page.locator('.trail-result'), `Rastro íntegro: 3 eventos verificados en salesInvoice-${tampered.id}.`);

    new Tamperer(join(dataDir, 'events.sqlite')).alterData(`salesInvoice-${tampered.id}`, 1, '$.attempt', '99');
    await check.click();
    await expectText(page.locator('.trail-result'), /^Rastro roto: \d+ hallazgos? en 3 eventos/);
    const findings = await page.locator('table.findings tbody tr').first().locator('td').allInnerTexts();
    expect(findings[0]).to.equal('1');
    expect(findings[2]).to.equal('alterado (el hash no coincide)');
  });

  it('given the demo key, when downloading the PDF and e-mailing, then the file arrives through a blob and the e-mail is accepted', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key, documentPath(first.id));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF', exact: true }).click()]);
    expect(download.url()).to.match(/^blob:/);
    expect(download.suggestedFilename()).to.match(/\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).to.equal('%PDF-');

    await page.getByLabel('Correo del destinatario').fill('contabilidad@cliente.example');
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    await expectText(page.getByText(/^Correo aceptado/), /^Correo aceptado \((en cola|bloqueado)\), mensaje msg_/);
  });

  it('given a key with only invoices:read, then no e-mail form and no operator pages', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, readOnlyKey, documentPath(first.id));
    await page.getByRole('heading', { name: 'Correo electrónico' }).waitFor();

    expect(await page.getByLabel('Correo del destinatario').count()).to.equal(0);
    expect(await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link').allInnerTexts()).to.deep.equal(['Documentos', 'Auditoría']);
    await page.goto(`${service.baseUrl}/console/operaciones`);
    await page.getByRole('heading', { name: 'Sin permiso' }).waitFor();
  });

  it('given an operator key, then the projections, workers and what needs attention show, and a rebuild runs to 100 % with its progress shown', async () => {
    await endpointDisabled(service.baseUrl, key);
    const { page } = await open();
    await signIn(page, service.baseUrl, operatorKey);
    await page.getByRole('heading', { name: 'Operaciones' }).waitFor();
    const documents = page.locator('tr[data-projection="documents"]');
    await documents.waitFor();
    expect(await page.locator('table.workers tbody th').allInnerTexts()).to.include('documents');
    expect(await documents.locator('td.version').innerText()).to.equal('v1');
    expect(await page.locator('tr[data-projection="messages"] td.version').innerText()).to.equal('v1\nfilas de la revisión 1; la 2 requiere reconstruir');
    expect(await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link').allInnerTexts()).to.deep.equal(['Operaciones']);

    const webhooks = page.locator('section[aria-labelledby="h-attention-webhooks"]');
    await expectText(webhooks.locator('h3'), 'Webhooks con fallas o desactivados: 1');
    expect(await webhooks.locator('tbody tr td').allInnerTexts()).to.satisfy(
      ([company, environment, what, , why]: string[]) =>
        company === 'Empresa Demo S.A.S.' && environment === 'pruebas' && what === receiver.url && why.startsWith('el receptor respondió 410: ya no existe'),
    );
    await expectText(page.locator('#h-attention-documents'), 'Documentos fallidos: 0');

    await documents.getByRole('button', { name: 'Reconstruir documents' }).click();
    const bar = documents.locator('progress');
    await bar.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLProgressElement>('tr[data-projection="documents"] progress')?.value === 100);
    expect(await documents.locator('.rebuild label').innerText()).to.equal('Reconstrucción: 100 % (terminada)');
    expect(await documents.locator('.rebuild').innerText()).to.match(/\d+ eventos, \d+ eventos\/s; terminó/);
  });

  it('given the operations page hidden, then it stops asking the service, and asks again at once when shown', async () => {
    const { page, urls } = await open();
    await signIn(page, service.baseUrl, operatorKey);
    await page.locator('tr[data-projection="documents"]').waitFor();
    // A string, not a function: tsx would wrap a function's inner closures in a helper the page does not have.
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate(`Object.defineProperty(document, 'visibilityState', { configurable: true, value: '${state}' }); document.dispatchEvent(new Event('visibilitychange'));`);
    const asked = () => urls.filter((url) => url.endsWith('/admin/v1/projections')).length;

    await setVisibility('hidden');
    const whileHidden = asked();
    await new Promise((wait) => setTimeout(wait, 4_500));
    expect(asked(), 'requests while hidden (the page refreshes every 2 s when visible)').to.equal(whileHidden);
    const [request] = await Promise.all([page.waitForRequest((candidate) => candidate.url().endsWith('/admin/v1/projections'), { timeout: 1_000 }), setVisibility('visible')]);
    expect(request.method()).to.equal('GET');
  });

  it('given the period of the invoices, when exporting it as CSV from the audit page, then the file has the export’s columns and one row per event', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/auditoria');
    const today = bogotaDate();
    const form = page.getByRole('form', { name: 'Exportación de auditoría' });
    await form.getByLabel('Desde').fill(today);
    await form.getByLabel('Hasta').fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);

    expect(download.url()).to.match(/^blob:/);
    expect(download.suggestedFilename()).to.equal(`auditoria-${today}-${today}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).to.equal(EXPORT_COLUMNS.join(','));
    const firstRows = lines.filter((line) => line.startsWith(`${first.id},`));
    expect(firstRows).to.have.length(3);
    expect(firstRows.map((line) => line.split(',')[10])).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    await expectText(page.getByText(/^Exportación descargada/), new RegExp(`^Exportación descargada: auditoria-${today}-${today}\\.csv`));
  });

  it('given the period of the invoices, when downloading its archive of XML from the audit page, then a ZIP of the validated invoices’ XML and its index', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/auditoria');
    const today = bogotaDate();
    const form = page.getByRole('form', { name: 'Archivo de documentos' });
    await form.getByLabel('Desde').fill(today);
    await form.getByLabel('Hasta').fill(today);
    await form.getByLabel('PDF').uncheck();
    await form.getByLabel('AttachedDocument (con la respuesta de la DIAN)').uncheck();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar ZIP' }).click()]);

    expect(download.suggestedFilename()).to.equal(`documentos-${today}-${today}.zip`);
    const listing = spawnSync('unzip', ['-Z1', (await download.path())!], { encoding: 'utf8' });
    expect(listing.status, listing.stderr).to.equal(0);
    const entries = listing.stdout.trim().split('\n');
    expect(entries).to.include(`sales-invoices/${first.number}.xml`).and.to.include('indice.csv');
    expect(entries.filter((entry) => entry.endsWith('.pdf'))).to.deep.equal([]);
    await expectText(page.getByText(/^Archivo descargado/), new RegExp(`^Archivo descargado: documentos-${today}-${today}\\.zip`));
  });

  it('given the period of the invoices, when downloading its sales book from the audit page, then a CSV with a row per validated invoice', async () => {
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/auditoria');
    const today = bogotaDate();
    const form = page.getByRole('form', { name: 'Libros' });
    await form.getByLabel('Desde').fill(today);
    await form.getByLabel('Hasta').fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);

    expect(download.suggestedFilename()).to.equal(`libro-ventas-${today}-${today}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 3)).to.deep.equal(['issue_date', 'family', 'number']);
    expect(lines.some((line) => line.includes(`,sales-invoices,${first.number},`))).to.equal(true);
  });

  it('given an altered event, when the company’s whole trail is verified from the audit page, then its progress reaches 100 % and the finding names the stream', async () => {
    const tampered = await issueInvoice(service.baseUrl, key, 'console-trail-2');
    new Tamperer(join(dataDir, 'events.sqlite')).alterData(`salesInvoice-${tampered.id}`, 0, '$.body.observation', 'alterada');
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/auditoria');
    await page.getByRole('button', { name: 'Iniciar la verificación' }).click();

    await page.waitForFunction(() => document.querySelector<HTMLProgressElement>('#verification-progress')?.value === 100);
    await expectText(page.locator('#h-verification ~ div p.bad').first(), /^Rastro roto: \d+ hallazgos/);
    expect(await page.locator('table.findings').innerText()).to.include(`salesInvoice-${tampered.id}`).and.include('alterado (el hash no coincide)');
  });

  it('given an endpoint whose receiver answered 410 Gone, then the webhooks page shows it disabled and why', async () => {
    await endpointDisabled(service.baseUrl, key);
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/webhooks');
    const row = page.locator('main table tbody tr');
    await row.first().waitFor();

    expect(await row.count()).to.equal(1);
    expect(await row.locator('td').allInnerTexts()).to.satisfy((cells: string[]) => cells[0].startsWith(receiver.url) && cells[0].includes('ERP de pruebas'));
    expect(await row.locator('td').nth(1).innerText()).to.match(/^desactivado\s+el receptor respondió 410: ya no existe$/);
    expect(await row.locator('td').nth(2).innerText()).to.equal('document.validated');
  });

  it('given an e-mailed invoice, then the messages page lists the message and opens it with its events', async () => {
    const emailed = await fetch(`${service.baseUrl}/invoices/v1/sales-invoices/${second.id}/email`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'revisoria@cliente.example' }),
    });
    const { message_id: messageId } = (await emailed.json()) as { message_id: string };
    const { page } = await open();
    await signIn(page, service.baseUrl, key, '/console/mensajes');
    const row = page.locator('main table tbody tr', { hasText: 'revisoria@cliente.example' });

    await row.waitFor();
    expect(await row.locator('td').first().innerText()).to.equal(messageId);
    expect(await row.locator('td').nth(3).innerText()).to.equal('factura-electronica');
    await row.getByRole('link', { name: messageId }).click();
    await page.getByRole('heading', { name: `Mensaje ${messageId}` }).waitFor();
    expect(await page.locator('main ol li').first().innerText()).to.match(/(en cola|bloqueado)$/);
  });

  it('given more documents than a page, then «Siguiente» and «Anterior» walk the pages of the list', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, index) => issueInvoice(service.baseUrl, key, `console-page-${index}`)));
    const { page } = await open();
    await signIn(page, service.baseUrl, key);
    await page.getByLabel('Por página').selectOption('10');
    const summary = page.locator('.summary');
    await expectText(summary, /^\d+ documentos; se muestran del 1 al 10\.$/);
    const total = Number((await summary.innerText()).split(' ')[0]);
    expect(total).to.be.greaterThan(10);

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectText(summary, `${total} documentos; se muestran del 11 al ${Math.min(20, total)}.`);
    expect(await page.locator('table.documents tbody tr').count()).to.equal(Math.min(10, total - 10));
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expectText(summary, `${total} documentos; se muestran del 1 al 10.`);
    expect(await page.getByRole('button', { name: 'Anterior' }).isDisabled()).to.equal(true);
  });

  it('given a whole session with a reload, then the key is in sessionStorage only: no cookie, no localStorage, no URL requested', async () => {
    const { page, context, urls } = await open();
    await signIn(page, service.baseUrl, key);
    await page.getByRole('link', { name: first.number! }).click();
    await page.locator('ol.timeline > li').first().waitFor();
    await page.getByRole('link', { name: 'Auditoría' }).click();
    await page.getByRole('heading', { name: 'Auditoría' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Auditoría' }).waitFor();

    expect(urls.length).to.be.greaterThan(5);
    expect(urls.filter((url) => url.includes(key))).to.deep.equal([]);
    expect((await context.cookies()).map((cookie) => cookie.value).join(' ')).to.not.include(key);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).to.not.include(key);
    expect(await page.evaluate(() => Object.values({ ...sessionStorage }))).to.deep.equal([key]);
  });

  it('given a 360 px wide phone, then the list and a document page fit the width and stay usable', async () => {
    const { page } = await open({ width: 360, height: 740 });
    await signIn(page, service.baseUrl, key);
    await page.locator('table.documents tbody tr').first().waitFor();
    // How far the page is wider than the screen, and what sticks out (tables scroll inside their own region).
    const overflow = () =>
      page.evaluate(() => {
        const excess = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > 361 && !element.closest('.table-wrap'));
        return excess === 0 ? 0 : `${excess} px: ${wide.map((element) => `${element.tagName}.${element.className}`).join(', ')}`;
      });

    expect(await overflow()).to.equal(0);
    await page.getByRole('link', { name: first.number! }).click();
    await page.locator('ol.timeline > li').first().waitFor();
    expect(await overflow()).to.equal(0);
    await page.getByRole('button', { name: 'Verificar la cadena de hashes' }).click();
    await expectText(page.locator('.trail-result'), /^Rastro íntegro/);
  });
});
