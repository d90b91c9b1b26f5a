import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM, E2E_CHROMIUM, E2E_CHROMIUM_ARGS, VIEWPORT } from './chromium.ts';
import { shotsDir } from './paths.ts';

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (chromium.ts), or with `full`
 * the whole browser — for what the shell does not have: it denies the notifications permission.
 */
export function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: options.full ? CHROMIUM : E2E_CHROMIUM, args: E2E_CHROMIUM_ARGS });
}

/**
 * A context as a user's browser is, except that the app's service worker is not registered unless
 * `options` allows it (`serviceWorkers: 'allow'`): the worker keeps the built files for a second
 * visit and shows pushed notifications, which push.e2e tests, and shell.e2e keeps it for the
 * frame's saves as a tab closes. Every other test opens a fresh context, where installing it (the
 * shell's files fetched again into its cache) and routing each file through it only cost time —
 * 16 % of four files' wall time on two cores (docs/decisions.md, "CI time").
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORT,
    locale: 'pt-BR',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...options,
  });
}

/** A browser profile on disk: closing and launching it again is a browser restart. */
export function launchPersistent(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: E2E_CHROMIUM,
    args: E2E_CHROMIUM_ARGS,
    viewport: VIEWPORT,
    locale: 'pt-BR',
    colorScheme: 'light',
  });
}

/**
 * Saves what the page shows as `<shotsDir>/<name>.png`, for a person to look at. Off with
 * E2E_SCREENSHOTS=0 (CI, where nobody opens them: ~0.2 s of a shared core each, hundreds a run).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  fs.mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  // The icon font must be there, or icons show as their names.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: false });
}

/** Waits for the page's finite animations (modals and notices opening and closing) to end. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
