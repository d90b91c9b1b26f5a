import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByApi } from './api.ts';
import { pathname, signedIn, signedInThroughScreen } from './helpers.ts';
import { bothModes } from './looks.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's shape.
async function api<T = unknown>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${suite.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A form field by its label; required fields' labels end with an asterisk. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

async function pickRoom(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Perfil de Acesso' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function confirmSave(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Salvar usuário' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
}

const email = `ana.souza.${Date.now()}@talkbase.test`;
let initialPassword = '';
const NEW_PASSWORD = 'Girassol-Azul-Trem-2026';

describe('users and integration accounts', () => {
  it('the administrator adds a user and an integration account (with its credential files) and edits the user', async () => {
    const { context, page, shell } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await shell.openFromMenu('Todos os usuários');
    await page.getByRole('heading', { name: 'Todos os usuários', level: 1 }).waitFor();
    // The suite's customer is listed; the administrator is not (IncludCurrentUser is false).
    await page.getByRole('link', { name: suite.customer.name }).first().waitFor();
    await bothModes(page, 'users-list');

    await page.getByRole('searchbox', { name: 'Pesquisar usuários' }).fill('ninguém-com-este-nome');
    await page
      .getByText('Nenhum usuário encontrado. Cadastre usuários no sistema e eles aparecerão aqui!')
      .waitFor();
    await page.getByRole('searchbox', { name: 'Pesquisar usuários' }).fill('');

    // A person.
    await page.getByRole('link', { name: 'Adicionar usuário' }).first().click();
    await page.getByRole('heading', { name: 'Adicionar Novo Usuário' }).waitFor();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    expect(await page.getByText('Campo obrigatório.').count()).toBeGreaterThan(0);
    await pickRoom(page, 'Clientes');
    await field(page, 'Nome').fill('Ana');
    await page.getByLabel('Sobrenome').fill('Souza');
    await field(page, 'Nome de exibição').fill('Ana');
    await page.getByLabel('Telefone').fill('11912345678');
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 91234-5678');
    await page.getByLabel('E-mail').fill(email);
    await page
      .getByRole('region', { name: 'Imagem do perfil' })
      .getByLabel('Imagem do perfil')
      .setInputFiles({ name: 'ana.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await page.getByRole('img', { name: 'Pré-visualização da imagem' }).waitFor();
    // 'Configuração de campos': an attribute and its value, edited by the attribute's own editor.
    await page.getByRole('combobox', { name: 'Campo 1' }).click();
    await page.getByRole('option', { name: 'Nome (Filtro)' }).click();
    await page.getByRole('textbox', { name: 'Valor' }).fill('Abertos da Ana');
    await page.getByRole('textbox', { name: 'Valor' }).press('Tab');
    await expect.poll(() => page.getByRole('button', { name: 'Limpar' }).count()).toBe(1);
    await bothModes(page, 'users-add');
    await confirmSave(page);
    const issued = page.getByRole('dialog', { name: 'Senha inicial do usuário' });
    await issued.waitFor();
    initialPassword = await issued.getByLabel('Senha', { exact: true }).inputValue();
    expect(initialPassword.length).toBeGreaterThanOrEqual(20);
    await issued.getByRole('button', { name: 'Fechar' }).last().click();
    await expect.poll(() => pathname(page)).toBe('/config/users');
    await page.getByRole('link', { name: 'Ana Souza' }).first().waitFor();

    // An integration account: its credentials modal, shown once, with CSV and JSON files.
    await page.getByRole('link', { name: 'Adicionar usuário' }).first().click();
    await page.getByRole('heading', { name: 'Adicionar Novo Usuário' }).waitFor();
    await page.getByRole('radio', { name: 'Integração' }).check();
    await pickRoom(page, 'Administrador');
    await field(page, 'Nome do Aplicativo').fill('ERP Financeiro');
    await field(page, 'Nome de exibição').fill('ERP da empresa');
    await confirmSave(page);
    const modal = page.getByRole('dialog', { name: 'Credenciais da integração' });
    await modal.waitFor();
    const hash = await modal.getByLabel('Hash').inputValue();
    const passwordField = modal.getByLabel('Senha', { exact: true });
    expect(await passwordField.getAttribute('type')).toBe('password');
    await modal.getByRole('button', { name: 'Mostrar a senha' }).click();
    expect(await passwordField.getAttribute('type')).toBe('text');
    const password = await passwordField.inputValue();
    expect(hash).toMatch(/^[0-9a-f]{48}$/);
    await bothModes(page, 'users-credentials');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^credenciais-erp-financeiro-\d{8}-\d{6}\.csv$/);
    expect(fs.readFileSync(await csv.path(), 'utf8')).toBe(`hash;password\r\n${hash};${password}\r\n`);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: 'Baixar JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^credenciais-erp-financeiro-\d{8}-\d{6}\.json$/);
    expect(JSON.parse(fs.readFileSync(await json.path(), 'utf8'))).toEqual({ hash, password });
    await modal.getByRole('button', { name: 'Fechar' }).last().click();
    await page.getByText('Integração', { exact: true }).first().waitFor();
    // The credentials sign the integration in.
    const login = await fetch(`${suite.server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash, password }),
    });
    expect(login.status).toBe(200);

    // The person is edited.
    await page.getByRole('link', { name: 'Editar Ana Souza' }).click();
    await page.getByRole('heading', { name: 'Editar informações do Usuário' }).waitFor();
    await expect.poll(() => page.getByLabel('Sobrenome').inputValue()).toBe('Souza');
    // The stored image and attribute value come back into the form.
    await page.getByRole('img', { name: 'Pré-visualização da imagem' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Valor' }).inputValue()).toBe('Abertos da Ana');
    await page.getByLabel('Sobrenome').fill('Souza Lima');
    await bothModes(page, 'users-edit');
    await confirmSave(page);
    await expect.poll(() => pathname(page)).toBe('/config/users');
    await page.getByRole('link', { name: 'Ana Souza Lima' }).first().waitFor();
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await api<{
      itens: { accountId: number; email: string | null; lastName: string | null; roomName: string }[];
    }>('GET', '/api/account?CurrentPage=1&ResultsPerPage=100', admin);
    const ana = list.body.itens.find((i) => i.email === email);
    expect(ana).toMatchObject({ lastName: 'Souza Lima', roomName: 'Clientes' });
    const detail = await api<Record<string, unknown>>('GET', `/api/account/${ana?.accountId ?? 0}`, admin);
    expect(detail.body).toMatchObject({
      profileImage: { name: 'ana.png', type: 'image/png' },
      attributes: [{ attributeIdentifier: 'nome', value: 'Abertos da Ana' }],
    });
    await context.close();
  });

  it('the user changes their own password in Meu perfil; a weak one is refused by the page and the server', async () => {
    expect(initialPassword).not.toBe('');
    // It ends by signing out and in again through the screen, so it starts from the screen too.
    const { context, page, shell } = await signedInThroughScreen(
      suite.browser,
      suite.server,
      email,
      initialPassword,
    );
    await shell.userMenu('Ana Souza Lima').click();
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await page.getByRole('heading', { name: 'Informações do usuário' }).waitFor();
    await expect.poll(() => pathname(page)).toBe('/usuario');
    await expect.poll(() => field(page, 'Nome').inputValue()).toBe('Ana');

    await page.getByLabel('Senha atual').fill(initialPassword);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha123456');
    await expect
      .poll(() => page.getByTestId('password-strength').textContent())
      .toMatch(/^(Não segura|Muito fraca|Fraca)$/);
    await page.getByLabel('Confirmar nova senha').fill('senha123456');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Esta senha não é segura o suficiente').waitFor();
    // The server refuses it too.
    const token = await signInByApi(suite.server, email, initialPassword);
    // …and keeps the users list to administrators.
    expect((await api('GET', '/api/account', token)).status).toBe(403);
    const own = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('talkbase.user') ?? '{}') as { accountId: number },
    );
    const weak = await api<{ errors: { message: string }[] }>('PUT', `/api/account/${own.accountId}`, token, {
      currentPassword: initialPassword,
      newPassword: 'senha123456',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0]?.message).toBe('Esta senha não é segura o suficiente');

    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await expect
      .poll(() => page.getByTestId('password-strength').textContent())
      .toMatch(/^(Forte|Muito forte)$/);
    await page.getByLabel('Confirmar nova senha').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Senhas não conferem').waitFor();
    await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
    await bothModes(page, 'profile');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect
      .poll(() => shell.noticeTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('Dados do usuário editado com sucesso!')]));

    await shell.signOut('Ana Souza Lima');
    const signIn = new SignInPage(page);
    await signIn.heading.waitFor();
    await signIn.signIn(email, initialPassword);
    await page.getByTestId('sign-in-errors').waitFor();
    await signIn.signIn(email, NEW_PASSWORD);
    await shell.waitUntilReady();
    // An ordinary user typing an administrators' address is sent to the dashboard.
    await page.goto(`${suite.server.url}/config/users`);
    await shell.waitUntilReady();
    await expect.poll(() => pathname(page)).toBe('/');
    await context.close();
  });
});
