import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { COLOUR_RULES, seriousViolations } from './axe.ts';
import { screenshot, settled } from './browser.ts';

export type ColorScheme = 'light' | 'dark';

/**
 * Puts the page in day ('light') or night ('dark') mode with the shortcut, as a keyboard user
 * would: Alt+G works in a modal too, where the overlay covers the top bar's button.
 */
export async function colorScheme(page: Page, mode: ColorScheme): Promise<void> {
  const now = await page.locator('html').getAttribute('data-mantine-color-scheme');
  if (now !== mode) await page.keyboard.press('Alt+g');
  await page.locator(`html[data-mantine-color-scheme="${mode}"]`).waitFor({ state: 'attached' });
}

export interface BothModesOptions {
  /** Wait for the page's requests to end first: the account's saved night mode comes after a full load. */
  loaded?: boolean;
  /** Check accessibility (serious and critical WCAG A/AA violations); on unless false. */
  axe?: boolean;
  /** Runs in each mode before the check (e.g. opens a menu that switching mode closed). */
  before?: () => Promise<void>;
  /** Runs in each mode after the screenshot (e.g. closes what `before` opened). */
  after?: () => Promise<void>;
}

/**
 * The screen as it is now, in day and then in night mode: no serious accessibility violation in
 * either (every WCAG A/AA rule by day, the colour rules by night), and a screenshot of each
 * (`<name>-day.png`, `<name>-night.png`, see `screenshot`). The page is left in day mode.
 */
export async function bothModes(page: Page, name: string, options: BothModesOptions = {}): Promise<void> {
  if (options.loaded) await page.waitForLoadState('networkidle');
  for (const [mode, label] of [
    ['light', 'day'],
    ['dark', 'night'],
  ] as const) {
    await colorScheme(page, mode);
    await options.before?.();
    await settled(page);
    // Night mode changes colours only: its check runs the colour rules (axe.ts COLOUR_RULES).
    if (options.axe !== false)
      expect(await seriousViolations(page, mode === 'dark' ? COLOUR_RULES : undefined)).toEqual([]);
    await screenshot(page, `${name}-${label}`);
    await options.after?.();
  }
  await colorScheme(page, 'light');
}
