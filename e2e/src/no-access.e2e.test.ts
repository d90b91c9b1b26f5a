import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, settled } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api, answer } = suiteApi(suite);
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };
const NO_ACCESS = 'Registro não encontrado ou sem permissão de acesso.';

/** Day or night mode (Alt+G switches; the account keeps the last one it saved). */
async function scheme(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const now = await page.locator('html').getAttribute('data-mantine-color-scheme');
  if (now !== mode) await page.keyboard.press('Alt+g');
  await page.locator(`html[data-mantine-color-scheme="${mode}"]`).waitFor({ state: 'attached' });
}

describe('a record one may not read (issue 39 item 7)', () => {
  it('a customer opening the URL of another client’s ticket sees only the no-access state, in every view', async () => {
    // A ticket of another client: the administrator sees it, the customer's room does not.
    const adminToken = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customerToken = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const all = await api<PagedTalks>(adminToken, 'POST', '/api/talk/filter/chamado/', {
      page: 1,
      fetch: 50,
    });
    let other = 0;
    for (const t of all.itens) {
      const read = await answer(customerToken, 'GET', `/api/talk/chamado/${t.talkId}`);
      if (read.status === 404) {
        other = t.talkId;
        break;
      }
    }
    expect(other).toBeGreaterThan(0);

    const { context, page } = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    // The screen, below the tabs.
    const main = page.locator('.records-page');
    for (const view of ['talk', 'form', 'timeline', 'attachments']) {
      await page.goto(`${suite.server.url}/context/${view}/chamado/${other}`);
      await main.getByText(NO_ACCESS, { exact: true }).waitFor();
      // The message and a way back, and nothing of the record: no conversation and its composer,
      // no fields, files, tags, history, views or actions.
      expect(await main.getByRole('button').count(), view).toBe(1);
      await main.getByRole('button', { name: 'Voltar' }).waitFor();
      expect(await main.getByRole('textbox').count(), view).toBe(0);
      expect(await main.getByText('Conversa').count(), view).toBe(0);
      expect(await main.getByRole('radiogroup').count(), view).toBe(0);
      expect(await main.getByRole('form').count(), view).toBe(0);
      expect(await main.getByRole('link').count(), view).toBe(0);
      expect(await main.getByRole('alert').count(), view).toBe(1);
      if (view === 'talk') {
        for (const mode of ['light', 'dark'] as const) {
          await scheme(page, mode);
          await settled(page);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `no-access-${mode === 'light' ? 'day' : 'night'}`);
        }
        await scheme(page, 'light');
      }
    }

    // 'Voltar': opened from outside the app (this URL typed), back to the tickets' list.
    await main.getByRole('button', { name: 'Voltar' }).click();
    const grid = new GridPage(page, 'Chamado');
    await grid.waitForRows();
    expect(pathname(page)).toBe('/context/grid/chamado');
    expect(await grid.ids()).not.toContain(other);
    await context.close();
  });
});
