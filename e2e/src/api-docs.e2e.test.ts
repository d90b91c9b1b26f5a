import { describe, expect, it } from 'vitest';
import { signInByApi } from './api.ts';
import { newContext, screenshot } from './browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

interface Doc {
  paths: Record<string, Record<string, { 'x-permission': string }>>;
}

describe('/api/docs', () => {
  it('shows every operation of /api/openapi.json, under the strict CSP, and calls the API with a token', async () => {
    const doc = (await (await fetch(`${suite.server.url}/api/openapi.json`)).json()) as Doc;
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBeGreaterThan(80);

    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(suite.server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${suite.server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor();
    // The viewer renders tag sections as they come into view: count what it parsed, by tag.
    const listed = await page.evaluate(() => {
      interface Tagged {
        forEach(fn: (tag: { get(key: 'operations'): { size: number } }) => void): void;
      }
      const ui = (window as unknown as { ui: { specSelectors: { taggedOperations(): Tagged } } }).ui;
      let n = 0;
      ui.specSelectors.taggedOperations().forEach((tag) => (n += tag.get('operations').size));
      return n;
    });
    expect(listed).toBe(operations);
    await page.getByRole('heading', { name: /Talkbase API/ }).waitFor();
    await screenshot(page, 'api-docs');

    // Authorize with a real token, then try GET /api/health and an admin call from the page.
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.getByLabel('auth-bearer-value').fill(token);
    await page.locator('.modal-ux').getByRole('button', { name: 'Apply credentials' }).click();
    await page.locator('.modal-ux').getByRole('button', { name: 'Close' }).click();
    const accounts = page.locator('#operations-account-getApiAccount');
    await accounts.locator('.opblock-summary').click();
    await accounts.getByRole('button', { name: 'Try it out' }).click();
    await accounts.getByRole('button', { name: 'Execute' }).click();
    await accounts.locator('.live-responses-table tbody .response-col_status').first().waitFor();
    await expect
      .poll(() => accounts.locator('.live-responses-table tbody .response-col_status').first().innerText())
      .toMatch(/^200/);
    await screenshot(page, 'api-docs-try-it');

    expect(problems.filter((p) => /Content.Security.Policy|Refused/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
