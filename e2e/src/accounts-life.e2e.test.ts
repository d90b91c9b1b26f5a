import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrdinaryUser } from './api.ts';
import { seriousViolations } from './axe.ts';
import { newContext, screenshot, settled } from './browser.ts';
import { signedIn, signedInThroughScreen } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ShellPage } from './pages/shell-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

const SESSION_LOST = 'Você não possui mais acesso ao sistema. Por favor, realize o login novamente.';
const INVALID = 'Usuário ou senha inválidos.';

/** The sign-in screen has no top bar: night mode is the stored preference, read at load. */
async function lookAtSignedOut(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), `${name} (dia)`).toEqual([]);
  await screenshot(page, `${name}-day`);
  await page.evaluate(() =>
    localStorage.setItem('talkbase.preferences', JSON.stringify({ nightMode: true })),
  );
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
    .toBe('dark');
  expect(await seriousViolations(page), `${name} (noite)`).toEqual([]);
  await screenshot(page, `${name}-night`);
  await page.evaluate(() => localStorage.removeItem('talkbase.preferences'));
  await page.reload();
}

/** The reset link of the newest e-mail written to DATA_DIR/outbox (no SMTP_URL in the suite). */
function resetLinkIn(dataDir: string, to: string): string {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  for (const file of files.reverse()) {
    // Quoted-printable: soft line breaks and "=3D" undone.
    const raw = fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(to)) continue;
    const match = /https?:\/\/\S+?(\/redefinir-senha#token=[\w-]+)/.exec(raw);
    if (match?.[1]) return match[1];
  }
  return '';
}

describe("accounts' life cycle", () => {
  it('the administrator suspends a user (their open session ends, they cannot sign in) and restores them', async () => {
    const carla = await createOrdinaryUser(suite.server);
    const theirs = await signedInThroughScreen(suite.browser, suite.server, carla.email, carla.password);
    const admin = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page, shell } = admin;
    await shell.openFromMenu('Todos os usuários');
    await page.getByRole('heading', { name: 'Todos os usuários', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Suspender ${carla.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspender usuário' });
    await confirm.getByText('as sessões abertas terminam agora', { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'accounts-suspend-confirm');
    await confirm.getByRole('button', { name: 'Suspender' }).click();
    await shell.notices.getByText(`Usuário ${carla.name} suspenso.`).waitFor();

    // Their open session ends at once: the access-gone notice and the sign-in screen.
    await theirs.shell.notices.getByText(SESSION_LOST).waitFor({ timeout: 15_000 });
    const theirSignIn = new SignInPage(theirs.page);
    await theirSignIn.heading.waitFor();
    await theirSignIn.signIn(carla.email, carla.password);
    await expect.poll(() => theirSignIn.errors.textContent()).toContain(INVALID);

    // Gone from the list until "Mostrar inativos", then marked inactive.
    await expect.poll(() => page.getByRole('link', { name: carla.name }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Mostrar inativos' }).check({ force: true });
    const row = page.locator('li.users-row', { has: page.getByRole('link', { name: carla.name }) });
    await row.getByText('Inativo', { exact: true }).waitFor();
    await bothModes(page, 'accounts-inactive-list');

    await row.getByRole('button', { name: `Reativar ${carla.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Reativar usuário' })
      .getByRole('button', { name: 'Reativar' })
      .click();
    await shell.notices.getByText(`Usuário ${carla.name} reativado.`).waitFor();
    await row.getByRole('button', { name: `Suspender ${carla.name}` }).waitFor();

    await theirSignIn.signIn(carla.email, carla.password);
    await theirs.shell.waitUntilReady();

    // The user form shows the situation and "Enviar redefinição de senha".
    await row.getByRole('link', { name: carla.name }).first().click();
    await page.getByRole('heading', { name: 'Editar informações do Usuário' }).waitFor();
    await page.getByRole('button', { name: 'Enviar redefinição de senha' }).waitFor();
    await bothModes(page, 'accounts-user-form');
    await theirs.context.close();
    await admin.context.close();
  });

  it('a user who forgot the password asks for a link on the sign-in screen and resets it from the e-mail', async () => {
    const bia = await createOrdinaryUser(suite.server);
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.open(suite.server.url);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor();
    await page.getByLabel(/^E-mail/).fill(bia.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').getByText('Se o e-mail estiver cadastrado', { exact: false }).waitFor();
    await screenshot(page, 'accounts-forgot-sent');
    expect(await seriousViolations(page), 'esqueci minha senha').toEqual([]);

    let link = '';
    await expect
      .poll(() => (link = resetLinkIn(suite.server.dataDir, bia.email)), { timeout: 10_000 })
      .not.toBe('');
    await page.goto(`${suite.server.url}${link}`);
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    await lookAtSignedOut(page, 'accounts-reset-page');
    await page.getByRole('heading', { name: 'Redefinir senha' }).waitFor();

    const newPassword = 'Jabuticaba-Roxa-Veleiro-77';
    await page.getByLabel(/^Nova senha/).fill(newPassword);
    await page.getByLabel(/^Confirmar nova senha/).fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await signIn.heading.waitFor();
    await page.getByText('Senha redefinida com sucesso. Entre com a nova senha.').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('');

    // The old password is refused, the new one signs in, and the link works only once.
    await signIn.signIn(bia.email, bia.password);
    await expect.poll(() => signIn.errors.textContent()).toContain(INVALID);
    await signIn.signIn(bia.email, newPassword);
    await new ShellPage(page).waitUntilReady();
    const used = await fetch(`${suite.server.url}/api/account/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.split('#token=')[1], newPassword: 'Mais-Uma-Senha-Forte-88' }),
    });
    expect(used.status).toBe(422);
    await context.close();
  });

  it('the administrator gives an integration a new password: shown once, the old one refused at once', async () => {
    const login = (hash: string, password: string) =>
      fetch(`${suite.server.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hash, password }),
      });
    const adminToken = (
      (await await fetch(`${suite.server.url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }).then((r) => r.json())) as { token: string }
    ).token;
    const created = (await fetch(`${suite.server.url}/api/account/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ accountType: 2, roomId: 1196, appName: 'ERP Estoque', displayName: 'ERP' }),
    }).then((r) => r.json())) as { accountId: number; hash: string; password: string };
    expect((await login(created.hash, created.password)).status).toBe(200);

    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/config/users/edit/${created.accountId}`,
    );
    await page.getByRole('heading', { name: 'Editar informações do Usuário' }).waitFor();
    await page.getByRole('button', { name: 'Gerar nova senha' }).click();
    await page
      .getByRole('dialog', { name: 'Gerar nova senha' })
      .getByRole('button', { name: 'Gerar' })
      .click();
    const modal = page.getByRole('dialog', { name: 'Credenciais da integração' });
    await modal.waitFor();
    expect(await modal.getByLabel('Hash').inputValue()).toBe(created.hash);
    await modal.getByRole('button', { name: 'Mostrar a senha' }).click();
    const fresh = await modal.getByLabel('Senha', { exact: true }).inputValue();
    expect(fresh).not.toBe(created.password);
    await settled(page);
    await bothModes(page, 'accounts-new-credentials');
    expect((await login(created.hash, created.password)).status).toBe(401);
    expect((await login(created.hash, fresh)).status).toBe(200);
    await context.close();
  });
});
