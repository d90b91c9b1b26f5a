import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RoomDetail, RoomSummary } from '@talkbase/domain/contracts/rooms';
import { signInByApi, suiteApi } from './api.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);

const QUESTION = 'Descartar alterações?';
const question = (page: Page) => page.getByRole('dialog', { name: QUESTION });
const roomName = (page: Page) => page.getByRole('textbox', { name: 'Título' });

/** The demo's support room, as the server keeps it. */
async function supportRoom(token: string): Promise<RoomDetail> {
  const rooms = await api<{ itens: RoomSummary[] }>(
    token,
    'GET',
    '/api/room?page=1&fetch=100&term=Atendimento',
  );
  const id = rooms.itens.find((r) => r.roomName === 'Atendimento')?.roomId;
  return api<RoomDetail>(token, 'GET', `/api/room/${id}`);
}

describe('unsaved work is never thrown away silently (issue 39 item 5)', { timeout: 120_000 }, () => {
  it('leaving a changed room by the side menu or by closing its tab asks first; the room stays as saved', async () => {
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const room = await supportRoom(token);
    const editPath = `/config/access_profile/room/${room.roomId}`;
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      editPath,
    );
    await page.getByRole('heading', { name: 'Editar Perfil de Acesso' }).waitFor();
    await expect.poll(() => roomName(page).inputValue()).toBe(room.roomName);
    await roomName(page).fill('Atendimento renomeado');

    // By the side menu: asked; 'Continuar editando' keeps the typed name.
    await shell.sideMenu.getByRole('link', { name: 'Temas', exact: true }).click();
    await question(page).waitFor();
    await question(page).getByText('As alterações feitas em “Editar Perfil de Acesso”').waitFor();
    await bothModes(page, 'unsaved-changes');
    await question(page).getByRole('button', { name: 'Continuar editando' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe(editPath);
    expect(await roomName(page).inputValue()).toBe('Atendimento renomeado');

    // Again: 'Descartar' leaves for the other screen, and nothing was saved.
    await shell.sideMenu.getByRole('link', { name: 'Temas', exact: true }).click();
    await question(page).getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('heading', { name: 'Temas', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/config/theme');
    expect((await supportRoom(token)).roomName).toBe(room.roomName);

    // By closing the screen's tab.
    await shell.tabs.getByRole('link', { name: 'Editar Perfil de Acesso' }).click();
    await page.getByRole('heading', { name: 'Editar Perfil de Acesso' }).waitFor();
    await expect.poll(() => roomName(page).inputValue()).toBe(room.roomName);
    await roomName(page).fill('Outro nome');
    await shell.closeTab('Editar Perfil de Acesso');
    await question(page).waitFor();
    await question(page).getByRole('button', { name: 'Continuar editando' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(pathname(page)).toBe(editPath);
    expect(await roomName(page).inputValue()).toBe('Outro nome');
    expect(await shell.tabTitles()).toContain('Editar Perfil de Acesso');

    await shell.closeTab('Editar Perfil de Acesso');
    await question(page).getByRole('button', { name: 'Descartar' }).click();
    await expect.poll(() => pathname(page)).not.toBe(editPath);
    await expect.poll(() => shell.tabTitles()).not.toContain('Editar Perfil de Acesso');
    expect((await supportRoom(token)).roomName).toBe(room.roomName);

    // A screen left unchanged goes without asking.
    await shell.openFromMenu('Perfis de acesso');
    await page.getByRole('heading', { name: 'Todos os Perfis de Acesso' }).waitFor();
    await shell.openFromMenu('Temas');
    expect(await question(page).count()).toBe(0);
    await context.close();
  });

  it("a record form with a typed value asks the browser's question on reload; a clean one does not", async () => {
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/context/form/chamado/add',
    );
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    const dialogs: string[] = [];
    const answer = (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    };
    page.on('dialog', answer);

    await form.type('Título', 'Impressora não imprime');
    await page.reload();
    await form.waitUntilReady();
    expect(dialogs).toEqual(['beforeunload']);

    // The form came back empty: nothing left to lose, so the next reload asks nothing.
    expect(await form.input('Título').inputValue()).toBe('');
    await page.reload();
    await form.waitUntilReady();
    expect(dialogs).toEqual(['beforeunload']);
    page.off('dialog', answer);
    await context.close();
  });
});
