import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Screenshots of pages whose test failed (gitignored). */
export const ARTIFACTS = join(ROOT, 'test', 'artifacts');

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

/**
 * Debian's chromium (playwright cannot download a browser here), headless and quiet. Playwright gives every launch a
 * fresh user data dir of its own in the temp folder and removes it on close.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
}

/** A tab of its own (own sessionStorage), in Spanish and Colombian time, recording every URL it requests. */
export async function openTab(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page; urls: string[] }> {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return { context, page, urls };
}

/** Signs in through the form as a user would, and waits for the sections of the key. */
export async function signIn(page: Page, baseUrl: string, key: string, path = '/console'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Clave de API').fill(key);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('navigation', { name: 'Secciones' }).waitFor();
}

/** Writes the page as it is to test/artifacts/<title>.png. */
export async function screenshot(page: Page | undefined, title: string): Promise<void> {
  if (!page || page.isClosed()) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  const name = title.replace(/[^\w-]+/g, '-').slice(0, 120);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
}
