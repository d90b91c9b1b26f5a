import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { screenshot } from './browser.ts';
import { signedIn } from './helpers.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

/** The theme's base colour as the page uses it (Mantine's brand shade 5). */
const brand = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement)
      .getPropertyValue('--mantine-color-brand-5')
      .trim()
      .toLowerCase(),
  );

/**
 * The save that carries night mode on. Changes are saved 800 ms after the last one: the swatch and
 * the switch may go in two saves on a slow host, and the browser must not close before the second.
 */
const savedNight = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/account/preferences') &&
      r.request().method() === 'PUT' &&
      (r.request().postDataJSON() as { darkMode?: unknown }).darkMode === true,
  );

describe('themes and dark mode (001 §2.14)', () => {
  it('a theme and dark mode chosen in one browser are the theme in another browser of the same user', async () => {
    const { email, password } = suite.customer;
    const first = await signedIn(suite.browser, suite.server, email, password);
    await first.shell.openFromMenu('Temas');
    await first.page.getByRole('heading', { name: 'Temas', level: 1 }).waitFor();
    const material = first.page.getByRole('group', { name: 'Cores padrão' });
    const swatch = material.getByRole('button', { name: 'Cor Laranja escuro 700' });
    const put = savedNight(first.page);
    await swatch.click();
    await first.page.getByRole('switch', { name: 'Modo noturno' }).click();
    await expect.poll(() => first.shell.colorScheme()).toBe('dark');
    expect((await put).status()).toBe(200);
    expect(await brand(first.page)).toBe('#e64a19');
    await first.context.close();

    // Another browser: fresh storage, so the theme can only come from the server.
    const second = await signedIn(suite.browser, suite.server, email, password);
    await expect.poll(() => second.shell.colorScheme()).toBe('dark');
    await expect.poll(() => brand(second.page)).toBe('#e64a19');
    await second.shell.openFromMenu('Temas');
    const pressed = second.page
      .getByRole('group', { name: 'Cores padrão' })
      .getByRole('button', { name: 'Cor Laranja escuro 700' });
    await expect.poll(() => pressed.getAttribute('aria-pressed')).toBe('true');
    await second.context.close();
  });

  it('keeps AA contrast on light and dark palettes, in day and night mode', async () => {
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      suite.customer.email,
      suite.customer.password,
    );
    await shell.openFromMenu('Temas');
    await page.getByRole('heading', { name: 'Temas', level: 1 }).waitFor();
    const pick = async (group: string, name: string) => {
      await page.getByRole('group', { name: group }).getByRole('button', { name }).click();
    };
    const night = page.getByRole('switch', { name: 'Modo noturno' });
    const setNight = async (on: boolean) => {
      if ((await night.isChecked()) !== on) await night.click();
      await expect.poll(() => shell.colorScheme()).toBe(on ? 'dark' : 'light');
    };
    // A light colour (yellow 300), a dark one (deep purple 700) and a product colour.
    const cases = [
      ['Cores padrão', 'Cor Amarelo 300', 'amarelo'],
      ['Cores padrão', 'Cor Roxo escuro 700', 'roxo-escuro'],
      ['Cores do produto', 'Cor Talkbase petróleo', 'petroleo'],
    ] as const;
    for (const [group, name, shot] of cases) {
      await pick(group, name);
      for (const on of [false, true]) {
        await setNight(on);
        expect(await seriousViolations(page), `${name}, ${on ? 'noite' : 'dia'}`).toEqual([]);
        await screenshot(page, `themes-${shot}-${on ? 'night' : 'day'}`);
      }
    }
    await setNight(false);
    await context.close();
  });
});
