import { describe, expect, it } from 'vitest';
import { revokeSession } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn, signedInThroughScreen } from './helpers.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { useSuite } from './suite.ts';

const OFFLINE = 'Ops! Parece que você não tem uma conexão com a internet ativa no momento...';
const BACK_ONLINE = 'Que legal, sua conexão está ativa novamente!';
const SESSION_LOST = 'Você não possui mais acesso ao sistema. Por favor, realize o login novamente.';

const suite = useSuite();

describe('connection', () => {
  it('shows the offline banner, then the back-online banner for 5 seconds', async () => {
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      suite.customer.email,
      suite.customer.password,
    );
    await context.setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await screenshot(page, 'offline-banner');
    await context.setOffline(false);
    await page.getByText(BACK_ONLINE).waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);
    const shownAt = Date.now();
    await page.getByText(BACK_ONLINE).waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);
    await context.close();
  });

  it('says the access is gone and shows the sign-in screen when the session ends on the server', async () => {
    // A test of the session ending starts from a session the sign-in screen made.
    const { context, page, shell } = await signedInThroughScreen(
      suite.browser,
      suite.server,
      suite.customer.email,
      suite.customer.password,
    );
    await shell.openFromMenu('Temas');
    const token = await shell.token();
    expect(token).not.toBeNull();
    await revokeSession(suite.server, token ?? '');
    await shell.notices.getByText(SESSION_LOST).waitFor({ timeout: 15_000 });
    await new SignInPage(page).heading.waitFor();
    await screenshot(page, 'session-lost');
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => pathname(page)).toBe('/');
    expect(await shell.token()).toBeNull();
    // The tabs went with the session.
    expect(await page.evaluate(() => localStorage.getItem('talkbase.tabs'))).toBeNull();
    await context.close();
  });
});
