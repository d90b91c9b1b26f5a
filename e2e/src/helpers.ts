import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import type { TestServer } from './server.ts';

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  shell: ShellPage;
}

/** A fresh browser context signed in through the sign-in screen. */
export async function signedIn(
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
