import { describe, expect, it } from 'vitest';
import { newContext } from './browser.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { useSuite } from './suite.ts';

// Access tokens live 5 s here, so that coming back after they expired takes seconds, not minutes.
const suite = useSuite({ ACCESS_TOKEN_SECONDS: '5' });

describe('session renewal', () => {
  it('renews an expired token at start and connects in real time without an error', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.open(suite.server.url);
    await signIn.signIn(suite.customer.email, suite.customer.password, true);
    const shell = new ShellPage(page);
    await shell.waitUntilReady();
    const first = await shell.token();

    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 6500));
    await page.goto(suite.server.url);
    await shell.waitUntilReady();
    await expect.poll(() => shell.token()).not.toBe(first);
    // Give a failed WebSocket start the time to show its notice, if there were one.
    await page.waitForTimeout(2000);
    expect(await shell.noticeTexts()).toEqual([]);
    expect(await shell.userMenu(suite.customer.name).isVisible()).toBe(true);
    await context.close();
  });
});
