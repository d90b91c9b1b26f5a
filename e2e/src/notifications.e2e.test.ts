import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NotificationPage } from '@talkbase/domain/contracts/notifications';
import { signInByApi, suiteApi } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CUSTOMER_ROOM_ID } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite();

const { answer: api } = suiteApi(suite);

/** The .eml files of the server's outbox (no SMTP_URL: mail is written under DATA_DIR/outbox). */
function outbox(): string[] {
  const dir = path.join(suite.server.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

describe('notifications', { timeout: 240_000 }, () => {
  it('an administrator defines a notification with in-app and e-mail channels; sent to a user, it reaches the inbox live with the badge and the outbox; read survives a reload', async () => {
    const customer = suite.customer;
    const login = await api<{ user: { accountId: number } }>('', 'POST', '/api/account/login', {
      email: customer.email,
      password: customer.password,
    });
    const customerId = login.body.user.accountId;
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);

    // ---- channels -----------------------------------------------------------------------------
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/channels',
    );
    await page.getByRole('heading', { name: 'Canais' }).waitFor();
    const email = page.getByRole('switch', { name: 'E-mail' });
    await email.waitFor();
    const wasOn = await email.isChecked();
    await email.click({ force: true });
    await page.getByText('Estado do canal alterado com sucesso!').first().waitFor();
    await expect.poll(() => email.isChecked()).toBe(!wasOn);
    if (wasOn) {
      // Switched back on (one toggle at a time: the switch waits for the first to finish).
      await expect.poll(() => email.isDisabled()).toBe(false);
      await email.click({ force: true });
      await expect.poll(() => email.isChecked()).toBe(true);
    }
    await expect.poll(() => page.getByRole('switch', { name: 'Aplicação' }).isChecked()).toBe(true);
    await bothModes(page, 'notifications-channels', { loaded: true });

    // ---- the list, empty, then the form -------------------------------------------------------
    await page.locator('#side-menu').getByRole('link', { name: 'Notificações', exact: true }).click();
    await page.getByRole('heading', { name: 'Notificações', level: 1 }).waitFor();
    await page.getByText('Nenhuma notificação encontrado').waitFor();
    await bothModes(page, 'notifications-list-empty', { loaded: true });

    await page.getByRole('link', { name: 'Nova notificação' }).click();
    await page.getByRole('heading', { name: 'Cadastrar Notificações' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Por favor, selecione pelo menos um canal.').first().waitFor();
    await page.getByRole('textbox', { name: 'Nome' }).fill('Boas-vindas');
    await page.getByRole('textbox', { name: 'Descrição' }).fill('Enviada a quem chega');
    const title = page.getByRole('textbox', { name: 'Título' });
    await title.click();
    await page.keyboard.type('Olá ${');
    const picker = page.getByRole('dialog', { name: 'Selecionar variável' });
    await picker.waitFor();
    await picker.getByRole('button', { name: /Nome do usuário/ }).waitFor();
    // The night-mode shortcut is not taken from a text field: focus leaves the search first.
    await picker.getByRole('heading', { name: 'Selecionar variável' }).click();
    await bothModes(page, 'notifications-variable-picker', { loaded: true });
    await picker.getByRole('button', { name: /Nome do usuário/ }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await title.inputValue()).toBe('Olá ${User.Name}');
    await page.keyboard.type('!');
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Sua conta está pronta (${User.Email}).');
    await page.getByRole('checkbox', { name: 'Enviar: Aplicação' }).check();
    await page.getByRole('checkbox', { name: 'Enviar: E-mail' }).check();
    await page.getByRole('checkbox', { name: 'Obrigatório: Aplicação' }).check();
    await bothModes(page, 'notifications-form', { loaded: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Notificação Boas-vindas inserida com sucesso!').first().waitFor();
    await page.getByRole('link', { name: 'Boas-vindas', exact: true }).waitFor();
    // Back on the one list tab (the form's tab closed, no second list tab).
    const tabs = page.getByRole('navigation', { name: 'Abas abertas' });
    await expect.poll(() => tabs.getByRole('link', { name: 'Notificações', exact: true }).count()).toBe(1);
    await bothModes(page, 'notifications-list', { loaded: true });

    const saved = await api<NotificationPage>(admin, 'GET', '/api/notification?page=1&fetch=10');
    const notification = saved.body.itens.find((n) => n.notificationName === 'Boas-vindas');
    expect(notification?.notificationChannels).toEqual([
      { channelId: 1, isRequired: true },
      { channelId: 2, isRequired: false },
    ]);

    // ---- the user's inbox, empty, then live -----------------------------------------------------
    const user = await signedIn(
      suite.browser,
      suite.server,
      customer.email,
      customer.password,
      '/notifications',
    );
    const inbox = user.page;
    await inbox.getByRole('heading', { name: 'Notificações', level: 1 }).waitFor();
    await inbox.getByText('Nenhum registro encontrado').waitFor();
    const bell = inbox.getByRole('link', { name: /^Notificações/ }).first();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificações');
    await bothModes(inbox, 'notifications-inbox-empty', { loaded: true });

    const sent = await api<{ recipients: number; inApp: number; email: number }>(
      admin,
      'POST',
      `/api/notification/${notification?.notificationId ?? 0}/send`,
      { accountIds: [customerId] },
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ recipients: 1, inApp: 1, email: 1 });

    const row = inbox.getByRole('button', { name: /Olá Carla/ });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificações: 1 não lida');
    expect(await row.textContent()).toContain(`Sua conta está pronta (${customer.email}).`);
    expect(await row.textContent()).toContain('Não lida');
    await bothModes(inbox, 'notifications-inbox', { loaded: true });

    await expect
      .poll(() => outbox().filter((m) => m.includes(customer.email)).length, { timeout: 15_000 })
      .toBe(1);
    const mail = outbox().find((m) => m.includes(customer.email)) ?? '';
    expect(mail).toMatch(/Ol=C3=A1 Carla|Olá Carla|=\?UTF-8\?/);

    await row.click();
    await expect.poll(async () => (await row.textContent())?.includes('Lida')).toBe(true);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificações');
    await inbox.reload();
    const again = inbox.getByRole('button', { name: /Olá Carla/ });
    await again.waitFor();
    expect(await again.textContent()).toMatch(/done_all/);
    expect(await again.textContent()).not.toMatch(/Não lida/);
    await inbox.getByText('Não lidas', { exact: true }).click();
    await inbox.getByText('Nenhum registro encontrado').waitFor();

    // ---- the user's own matrix ------------------------------------------------------------------
    await inbox.goto(`${suite.server.url}/usuario`);
    await inbox.getByRole('heading', { name: 'Informações do usuário' }).waitFor();
    const locked = inbox.getByRole('checkbox', { name: /Boas-vindas: Aplicação/ });
    await locked.waitFor();
    expect([await locked.isChecked(), await locked.isDisabled()]).toEqual([true, true]);
    await inbox.getByRole('table', { name: 'Notificações' }).scrollIntoViewIfNeeded();
    await bothModes(inbox, 'notifications-profile-matrix', { loaded: true });

    // ---- the room form's matrix (administrator) ---------------------------------------------------
    await page.goto(`${suite.server.url}/config/access_profile/room/${CUSTOMER_ROOM_ID}`);
    await page.getByRole('heading', { name: 'Editar Perfil de Acesso' }).waitFor();
    const roomLocked = page.getByRole('checkbox', { name: /Boas-vindas: Aplicação \(Canal obrigatório\)/ });
    await roomLocked.waitFor();
    expect([await roomLocked.isChecked(), await roomLocked.isDisabled()]).toEqual([true, true]);
    const roomEmail = page.getByRole('checkbox', { name: 'Boas-vindas: E-mail', exact: true });
    expect([await roomEmail.isChecked(), await roomEmail.isDisabled()]).toEqual([true, false]);
    await page.getByRole('table', { name: 'Notificações' }).scrollIntoViewIfNeeded();
    await bothModes(page, 'notifications-room-matrix', { loaded: true });
  });
});
