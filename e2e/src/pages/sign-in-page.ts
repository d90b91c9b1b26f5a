import type { Locator, Page } from 'playwright-core';

/** The sign-in screen, as a user sees it. */
export class SignInPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly keepConnected: Locator;
  readonly submit: Locator;
  readonly errors: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Entrar no Talkbase' });
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel(/^Senha/);
    this.keepConnected = page.getByRole('checkbox', { name: 'Manter conectado' });
    this.submit = page.getByRole('button', { name: 'Entrar' });
    this.errors = page.getByTestId('sign-in-errors');
  }

  async open(baseUrl: string, path = '/'): Promise<void> {
    await this.page.goto(`${baseUrl}${path}`);
    await this.heading.waitFor();
  }

  async signIn(email: string, password: string, keepConnected = false): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    if (keepConnected) await this.keepConnected.check();
    await this.submit.click();
  }
}
