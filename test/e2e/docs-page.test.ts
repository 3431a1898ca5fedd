import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { openApiDocument } from '../../api/openapi/openapi-document.ts';
import { http } from '../support/http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { launchChromium, openTab, screenshot } from './console/console-browser.ts';

/** Every Content-Security-Policy violation a page reports, recorded from its first script on. */
const RECORD_VIOLATIONS = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));`;

describe('The reference pages (/docs, /errors) under their security headers, in headless Chromium', function () {
  this.timeout(60_000);
  let app: TestApp;
  let browser: Browser;

  before(async () => {
    app = await startTestApp({}, { workers: false });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  it('given /docs and /errors, then each forbids framing and scripts from elsewhere; every answer, JSON or problem, says nosniff', async () => {
    for (const path of ['/docs', '/errors']) {
      const page = await http(app.baseUrl, 'GET', path);
      expect(page.headers.get('content-security-policy'), path).to.contain("frame-ancestors 'none'").and.to.contain("script-src 'self'").and.to.contain("style-src 'self';");
      expect(page.headers.get('x-frame-options'), path).to.equal('DENY');
    }
    for (const path of ['/docs', '/errors', '/openapi.json', '/invoices/v1/sales-invoices', '/no-such-operation']) {
      expect((await http(app.baseUrl, 'GET', path)).headers.get('x-content-type-options'), path).to.equal('nosniff');
    }
  });

  it('given /docs, then Swagger UI shows every operation and expands one without breaking its policy', async function () {
    const { context, page } = await openTab(browser);
    try {
      await page.addInitScript(RECORD_VIOLATIONS);
      await page.goto(`${app.baseUrl}/docs`);
      await page.locator('.opblock').first().waitFor();
      // An operation with two tags is shown under each.
      const operations = Object.values(openApiDocument.paths).flatMap((item) => Object.keys(item as object)).length;
      expect(await page.locator('.opblock').count()).to.be.at.least(operations);
      await page.locator('.opblock-summary').first().click();
      await page.getByRole('button', { name: 'Try it out' }).first().waitFor();

      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).to.deep.equal([]);
      // The recorder sees what the policy refuses: a style element added now is one.
      await page.evaluate(() => document.head.appendChild(Object.assign(document.createElement('style'), { textContent: 'body {}' })));
      await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    } catch (error) {
      await screenshot(page, this.test?.title ?? 'docs');
      throw error;
    } finally {
      await context.close();
    }
  });
});
