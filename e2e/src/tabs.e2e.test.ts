import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { screenshot, settled } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

async function searchFromTopBar(page: Page, term: string): Promise<void> {
  await page.keyboard.press('Alt+KeyK');
  const box = page.getByRole('searchbox', { name: 'Buscar em todos os registros' });
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(term, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(term);
}

describe('tabs (issue 39 item 9)', () => {
  it('keeps one tab per screen, brings an open one into view, shares "Busca" and closes the others', async () => {
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/tags/list',
    );
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    await expect.poll(() => shell.tabTitles()).toEqual(['Tags']);

    // The same screen by another address keeps its one tab; the side menu still marks its entry.
    await shell.openFromMenu('Temas');
    await page.goto(`${suite.server.url}/tags/list/`);
    await shell.waitUntilReady();
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    await shell.sideMenu.locator('a[aria-current="page"]').filter({ hasText: 'Tags' }).waitFor();
    await expect.poll(() => shell.tabTitles()).toEqual(['Temas', 'Tags']);
    expect(await shell.tabs.getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBe('page');

    // The inbox and the notification settings are two screens, and so are two grids of a subject.
    // Each screen names its tab once it has loaded (a grid once it knows its subject): the next
    // address is opened only after that, as a person would.
    const tabCount = async () => (await shell.tabTitles()).length;
    await shell.openFromMenu('Notificações');
    await expect.poll(tabCount).toBe(3);
    await page.goto(`${suite.server.url}/notifications`);
    await shell.waitUntilReady();
    await expect.poll(tabCount).toBe(4);
    await page.goto(`${suite.server.url}/context/grid/chamado`);
    await shell.waitUntilReady();
    await expect.poll(tabCount).toBe(5);
    await page.goto(`${suite.server.url}/context/grid/chamado?isActive=false`);
    await shell.waitUntilReady();
    await expect.poll(tabCount).toBe(6);
    expect(await shell.tabTitles()).toEqual(expect.arrayContaining(['Notificações', 'Minhas notificações']));

    // Two searches share one "Busca" tab.
    await searchFromTopBar(page, 'impressora');
    await expect.poll(() => shell.tabTitles()).toContain('Busca: impressora');
    await searchFromTopBar(page, 'rede');
    await expect.poll(() => shell.tabTitles()).toContain('Busca: rede');
    const titles = await shell.tabTitles();
    expect(titles.filter((title) => title.startsWith('Busca'))).toEqual(['Busca: rede']);
    expect(titles).toHaveLength(7);

    // Going to an open screen brings its tab forward, into view, without a new one.
    await page.setViewportSize({ width: 900, height: 800 });
    await shell.openFromMenu('Tags');
    const tab = shell.tabs.getByRole('link', { name: 'Tags' });
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    await expect
      .poll(() =>
        tab.evaluate((el) => {
          const bar = el.closest('ul')?.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return bar !== undefined && box.left >= bar.left - 1 && box.right <= bar.right + 1;
        }),
      )
      .toBe(true);
    expect(await shell.tabTitles()).toHaveLength(7);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The tab bar's menu, day and night, reached from the keyboard.
    const menuButton = shell.tabs.getByRole('button', { name: 'Ações das abas' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const closeOthers = page.getByRole('menuitem', { name: 'Fechar outras' });
    await closeOthers.waitFor();
    // Opened from the keyboard, the menu takes the focus to its first item.
    await expect.poll(() => closeOthers.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('menuitem', { name: 'Fechar todas' }).waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tabs-menu-day');
    await page.keyboard.press('Escape');
    await closeOthers.waitFor({ state: 'hidden' });
    await page.keyboard.press('Alt+g');
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    await shell.tabs.getByRole('link', { name: 'Temas' }).click({ button: 'right' });
    await page.getByRole('menu', { name: 'Ações da aba Temas' }).waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tabs-menu-night');
    await page.keyboard.press('Escape');
    await page.getByRole('menu', { name: 'Ações da aba Temas' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+g');
    await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });

    // "Fechar outras" leaves the current screen's tab alone.
    await menuButton.click();
    await closeOthers.click();
    await expect.poll(() => shell.tabTitles()).toEqual(['Tags']);
    expect(pathname(page)).toBe('/tags/list');

    // "Fechar todas" from a tab's menu goes to the dashboard.
    await shell.tabs.getByRole('link', { name: 'Tags' }).click({ button: 'right' });
    await page
      .getByRole('menu', { name: 'Ações da aba Tags' })
      .getByRole('menuitem', { name: 'Fechar todas' })
      .click();
    await expect.poll(() => pathname(page)).toBe('/');
    await expect.poll(() => shell.tabTitles()).toEqual([]);
    await context.close();
  });
});
