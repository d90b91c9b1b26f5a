import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrdinaryUser } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn, signedInThroughScreen } from './helpers.ts';
import { bothModes } from './looks.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

const WRONG_CODE = 'Código de verificação inválido ou expirado.';
const TITLE = 'Verificação em duas etapas';

/** The sign-in screen has no top bar: night mode is the stored preference, read at load. */
async function lookAtSignedOut(page: Page, name: string): Promise<void> {
  await settled(page);
  expect(await seriousViolations(page), `${name} (dia)`).toEqual([]);
  await screenshot(page, `${name}-day`);
  await page.evaluate(() => {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
  });
  expect(await seriousViolations(page), `${name} (noite)`).toEqual([]);
  await screenshot(page, `${name}-night`);
  await page.evaluate(() => {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  });
}

const outbox = () => path.join(suite.server.dataDir, 'outbox');
const mailCount = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).length : 0);

/** A message of the outbox as text: quoted-printable undone, bytes read as UTF-8. */
function readMail(file: string): string {
  const raw = fs.readFileSync(path.join(outbox(), file), 'latin1').replace(/=\r?\n/g, '');
  const bytes = raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The code of the newest e-mail to `to` written after `after` messages (no SMTP_URL in the suite). */
function codeSince(after: number, to: string): string {
  if (!fs.existsSync(outbox())) return '';
  const files = fs.readdirSync(outbox()).sort().slice(after).reverse();
  for (const file of files) {
    const text = readMail(file);
    if (!text.includes(to)) continue;
    const match = /código de verificação é (\d{6})/.exec(text);
    if (match?.[1]) return match[1];
  }
  return '';
}

async function waitForCode(after: number, to: string): Promise<string> {
  let code = '';
  await expect.poll(() => (code = codeSince(after, to)), { timeout: 10_000 }).not.toBe('');
  return code;
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('two-step sign-in', () => {
  it('a user switches it on from the profile with the e-mailed code, then signs in with a code from the e-mail', async () => {
    const dora = await createOrdinaryUser(suite.server);
    const { context, page, shell } = await signedInThroughScreen(
      suite.browser,
      suite.server,
      dora.email,
      dora.password,
      '/usuario',
    );
    await page.getByRole('heading', { name: 'Informações do usuário' }).waitFor();
    const section = page.getByRole('region', { name: TITLE });
    await section.getByText('Desligada', { exact: true }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await bothModes(page, 'two-step-profile-off');

    const before = mailCount();
    await section.getByRole('button', { name: 'Ligar verificação em duas etapas' }).click();
    await section.getByText(`Enviamos um código de 6 dígitos para ${dora.email}`, { exact: false }).waitFor();
    const code = await waitForCode(before, dora.email);

    const codeInput = section.getByLabel('Código de verificação');
    await codeInput.fill(wrongOf(code));
    await section.getByRole('button', { name: 'Confirmar e ligar' }).click();
    await section.getByText(WRONG_CODE).waitFor();
    await section.scrollIntoViewIfNeeded();
    await bothModes(page, 'two-step-profile-confirm');

    await codeInput.fill(code);
    await section.getByRole('button', { name: 'Confirmar e ligar' }).click();
    await shell.notices.getByText('Verificação em duas etapas ligada.').waitFor();
    await section.getByText('Ligada', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Desligar' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await bothModes(page, 'two-step-profile-on');

    // Signs out, signs in: the code is asked for, a wrong one refused, the e-mailed one lets in.
    await shell.signOut(dora.name);
    const signIn = new SignInPage(page);
    await signIn.heading.waitFor();
    const beforeSignIn = mailCount();
    await signIn.signIn(dora.email, dora.password);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const signInCode = await waitForCode(beforeSignIn, dora.email);
    expect(signInCode).not.toBe(code);
    await page.getByLabel('Código de verificação').fill(wrongOf(signInCode));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => signIn.errors.textContent()).toContain(WRONG_CODE);
    await lookAtSignedOut(page, 'two-step-sign-in-code');

    await page.getByLabel('Código de verificação').fill(signInCode);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await shell.waitUntilReady();
    await context.close();
  });

  it('an administrator switches it on for a user on the user form, and turns the company rule on', async () => {
    const eva = await createOrdinaryUser(suite.server);
    const { context, page, shell } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await shell.openFromMenu('Todos os usuários');
    await page.getByRole('link', { name: eva.name }).first().click();
    await page.getByRole('heading', { name: 'Editar informações do Usuário' }).waitFor();
    const section = page.getByRole('region', { name: TITLE });
    await section.getByText('Desligada', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Ligar' }).click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.getByText('A partir do próximo login', { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'two-step-user-form-confirm');
    await dialog.getByRole('button', { name: 'Ligar' }).click();
    await shell.notices.getByText(`Verificação em duas etapas ligada para ${eva.name}.`).waitFor();
    await section.getByText('Ligada', { exact: true }).waitFor();
    await bothModes(page, 'two-step-user-form');
    const evaSignIn = await fetch(`${suite.server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: eva.email, password: eva.password }),
    });
    expect(await evaSignIn.json()).toEqual({ passcodeRequired: true });

    // The company rule: /config/security from the settings menu.
    await shell.openFromMenu('Segurança');
    await page.getByRole('heading', { name: 'Segurança', level: 1 }).waitFor();
    const rule = page.getByRole('switch', { name: 'Exigir verificação em duas etapas dos administradores' });
    await rule.waitFor();
    expect(await rule.isChecked()).toBe(false);
    await rule.click({ force: true });
    await shell.notices.getByText('Verificação em duas etapas exigida dos administradores.').waitFor();
    await expect.poll(() => rule.isChecked()).toBe(true);
    await bothModes(page, 'two-step-company-rule');

    // The administrator, who never switched it on, is now asked for the code at sign-in.
    const adminSignIn = await fetch(`${suite.server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(await adminSignIn.json()).toEqual({ passcodeRequired: true });

    await rule.click({ force: true });
    await shell.notices.getByText('Os administradores não precisam mais', { exact: false }).waitFor();
    await expect.poll(() => rule.isChecked()).toBe(false);
    await context.close();
  });
});
