import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { sessionByApi } from './api.ts';
import { newContext } from './browser.ts';
import { GridPage } from './pages/grid-page.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import type { TestServer } from './server.ts';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  shell: ShellPage;
}

/**
 * Where the web app keeps a session signed in without "Manter conectado": this tab's session
 * storage, under the keys of packages/web/src/features/session/session-store.ts.
 */
const USER_KEY = 'talkbase.user';
const TOKEN_KEY = 'talkbase.token';
/** Outside the app's `talkbase.` keys, so that nothing the app clears removes it. */
const SEEDED_KEY = 'e2e.session-seeded';

/**
 * Signs in through the API and has the page start with what the sign-in screen would have stored,
 * before any of the app's scripts run. The storage is written once per tab: the marker outlives a
 * sign-out, so a sign-out (or a session the server ended) stays one after a reload. It is the
 * page's script, not the context's, so another tab of the context starts signed out, as it would.
 */
export async function seedSession(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
): Promise<void> {
  const { token, user } = await sessionByApi(server, email, password);
  await page.addInitScript(
    ({ origin, marker, entries }) => {
      // about:blank and other origins have no storage of the app's.
      if (location.origin !== origin || sessionStorage.getItem(marker) !== null) return;
      sessionStorage.setItem(marker, '1');
      for (const [key, value] of entries) sessionStorage.setItem(key, value);
    },
    {
      origin: new URL(server.url).origin,
      marker: SEEDED_KEY,
      entries: [
        [USER_KEY, JSON.stringify(user)],
        [TOKEN_KEY, token],
      ] as [string, string][],
    },
  );
}

/**
 * A fresh browser context signed in through the API, on `path`. Tests about signing in, signing
 * out or a session ending use `signedInThroughScreen`. `contextOptions` as `newContext`'s.
 */
export async function signedIn(
  browser: Browser,
  server: TestServer,
  email: string,
  password: string,
  path = '/',
  contextOptions: BrowserContextOptions = {},
): Promise<SignedIn> {
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  await seedSession(page, server, email, password);
  await page.goto(`${server.url}${path}`);
  const shell = new ShellPage(page);
  await shell.waitUntilReady();
  return { context, page, shell };
}

/** A fresh browser context signed in through the sign-in screen, on `path`. */
export async function signedInThroughScreen(
  browser: Browser,
  server: TestServer,
  email: string,
  password: string,
  path = '/',
): Promise<SignedIn> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const signIn = new SignInPage(page);
  await signIn.open(server.url, path);
  await signIn.signIn(email, password);
  const shell = new ShellPage(page);
  await shell.waitUntilReady();
  return { context, page, shell };
}

export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** `signedIn` straight onto a subject's grid (its identifier), once its first rows are shown. */
export async function signedInOnGrid(
  suite: { browser: Browser; server: TestServer },
  email: string,
  password: string,
  subject: string,
  title: string,
): Promise<SignedIn & { grid: GridPage }> {
  const signed = await signedIn(suite.browser, suite.server, email, password, `/context/grid/${subject}`);
  const grid = new GridPage(signed.page, title);
  await grid.waitForRows();
  return { ...signed, grid };
}
