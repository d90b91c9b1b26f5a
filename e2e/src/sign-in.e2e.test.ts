import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchPersistent, newContext, screenshot } from './browser.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { ADMIN_EMAIL } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

describe('sign-in', () => {
  it('refuses a wrong password with the server message under the form', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.open(suite.server.url);
    await signIn.signIn(ADMIN_EMAIL, 'senha-errada-123');
    await expect.poll(() => signIn.errors.textContent()).toContain('Usuário ou senha inválidos.');
    expect(await signIn.heading.isVisible()).toBe(true);
    expect(await new ShellPage(page).menuToggle.count()).toBe(0);
    await context.close();
  });

  it('opens the shell with the right password, and "Sair" returns to the sign-in screen', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.open(suite.server.url);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');
    await signIn.signIn(suite.customer.email, suite.customer.password);
    const shell = new ShellPage(page);
    await shell.waitUntilReady();
    expect(await shell.userMenu(suite.customer.name).isVisible()).toBe(true);
    await shell.signOut(suite.customer.name);
    await signIn.heading.waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await shell.token()).toBeNull();
    await context.close();
  });

  it('stays signed in across a browser restart with "Manter conectado"', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-profile-'));
    try {
      let context = await launchPersistent(profile);
      let page = context.pages()[0] ?? (await context.newPage());
      const signIn = new SignInPage(page);
      await signIn.open(suite.server.url);
      await signIn.signIn(suite.customer.email, suite.customer.password, true);
      await new ShellPage(page).waitUntilReady();
      await context.close();

      context = await launchPersistent(profile);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(suite.server.url);
      const shell = new ShellPage(page);
      await shell.waitUntilReady();
      expect(await shell.userMenu(suite.customer.name).isVisible()).toBe(true);
      await context.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('asks to sign in again after a browser restart without "Manter conectado"', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-profile-'));
    try {
      let context = await launchPersistent(profile);
      let page = context.pages()[0] ?? (await context.newPage());
      const signIn = new SignInPage(page);
      await signIn.open(suite.server.url);
      await signIn.signIn(suite.customer.email, suite.customer.password, false);
      const shell = new ShellPage(page);
      await shell.waitUntilReady();
      // A reload in the same tab keeps the session...
      await page.reload();
      await shell.waitUntilReady();
      await context.close();

      // ...a new browser does not.
      context = await launchPersistent(profile);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(suite.server.url);
      await new SignInPage(page).heading.waitFor();
      expect(await new ShellPage(page).menuToggle.count()).toBe(0);
      await context.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
