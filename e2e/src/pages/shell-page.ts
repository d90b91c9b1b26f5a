import type { Locator, Page } from 'playwright-core';

/** The signed-in layout: top bar, side menu, tabs and notices. */
export class ShellPage {
  readonly page: Page;
  readonly topBar: Locator;
  readonly sideMenu: Locator;
  readonly tabs: Locator;
  readonly notices: Locator;
  readonly nightMode: Locator;
  readonly fullScreen: Locator;
  readonly menuToggle: Locator;
  readonly fontUp: Locator;
  readonly fontDown: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = page.getByRole('banner');
    this.sideMenu = page.getByRole('navigation', { name: 'Menu principal' });
    this.tabs = page.getByRole('navigation', { name: 'Abas abertas' });
    this.notices = page.getByRole('region', { name: 'Notificações' });
    this.nightMode = page.getByRole('button', { name: 'Modo noturno (Alt+G)' });
    this.fullScreen = page.getByRole('button', { name: 'Tela cheia (Alt+H)' });
    this.menuToggle = page.getByRole('button', { name: 'Abrir ou fechar o menu (Alt+J)' });
    this.fontUp = page.getByRole('button', { name: 'Aumentar o tamanho da fonte' });
    this.fontDown = page.getByRole('button', { name: 'Diminuir o tamanho da fonte' });
  }

  /** Texts of the notices shown now (the region itself is hidden while empty). */
  noticeTexts(): Promise<string[]> {
    return this.page.locator('.notice-stack > [role]').allTextContents();
  }

  userMenu(name: string): Locator {
    return this.page.getByRole('button', { name: `Menu do usuário ${name}` });
  }

  async waitUntilReady(): Promise<void> {
    await this.menuToggle.waitFor();
  }

  /** Opens a page from the side menu and waits until the app has navigated there (lazy screens load first). */
  async openFromMenu(label: string): Promise<void> {
    const link = this.sideMenu.getByRole('link', { name: label, exact: true });
    await link.click();
    await this.sideMenu.locator('a[aria-current="page"]').filter({ hasText: label }).first().waitFor();
  }

  async tabTitles(): Promise<string[]> {
    if ((await this.tabs.count()) === 0) return [];
    return this.tabs.getByRole('link').allTextContents();
  }

  async closeTab(title: string): Promise<void> {
    await this.tabs.getByRole('button', { name: `Fechar a aba ${title}` }).click();
  }

  async signOut(name: string): Promise<void> {
    await this.userMenu(name).click();
    await this.page.getByRole('menuitem', { name: 'Sair' }).click();
  }

  rootFontSize(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  }

  colorScheme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  }

  isMenuOpen(): Promise<string | null> {
    return this.menuToggle.getAttribute('aria-expanded');
  }

  async sideMenuBox(): Promise<{ left: number; right: number } | null> {
    const box = await this.page.locator('#side-menu').boundingBox();
    return box ? { left: box.x, right: box.x + box.width } : null;
  }

  sideMenuIsInert(): Promise<boolean> {
    return this.page.locator('#side-menu').evaluate((el) => el.hasAttribute('inert'));
  }

  isFullScreen(): Promise<boolean> {
    return this.page.evaluate(() => document.fullscreenElement !== null);
  }

  token(): Promise<string | null> {
    return this.page.evaluate(
      () => localStorage.getItem('talkbase.token') ?? sessionStorage.getItem('talkbase.token'),
    );
  }
}
