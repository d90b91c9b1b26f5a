import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

const section = (page: Page, title: string): Locator =>
  page.getByRole('main').getByRole('region', { name: title, exact: true });

describe('rooms that cannot contradict themselves (issue 39 item 11)', { timeout: 120_000 }, () => {
  it('offers no delete on built-in rooms, keeps filters in one place and unticks what needs Visualizar', async () => {
    const { page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/config/access_profile',
    );
    await page.getByRole('heading', { name: 'Todos os Perfis de Acesso' }).waitFor();
    await page.getByRole('link', { name: 'Atendimento', exact: true }).waitFor();
    // The built-in rooms are edited, never deleted; a room of the company's own may be.
    for (const name of ['Administrador', 'Clientes']) {
      await page.getByRole('link', { name: `Editar ${name}` }).waitFor();
      expect([name, await page.getByRole('button', { name: `Excluir ${name}` }).count()]).toEqual([name, 0]);
    }
    expect(await page.getByRole('button', { name: 'Excluir Atendimento' }).count()).toBe(1);
    await bothModes(page, 'rooms-consistency-list');

    // The customers' room: its tickets' own filter is listed with the room's filters, in one place.
    await page.getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.getByRole('heading', { name: 'Editar Perfil de Acesso' }).waitFor();
    const filters = section(page, 'Filtros');
    await filters.getByText('Filtro do assunto Chamado', { exact: true }).waitFor();
    const subjects = section(page, 'Assuntos');
    const chamadoRow = subjects.locator('tr[data-subject="chamado"]');
    await chamadoRow.getByText('1 filtro', { exact: true }).waitFor();
    expect(await subjects.getByRole('button', { name: /^Adicionar filtro em/ }).count()).toBe(0);
    await bothModes(page, 'rooms-consistency-filters', { before: () => filters.scrollIntoViewIfNeeded() });

    // Adding a filter does not move the matrix's columns.
    const columnLefts = () =>
      subjects
        .locator('thead th')
        .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().left)));
    const before = await columnLefts();
    await filters.getByRole('button', { name: 'Editar o filtro Filtro do assunto Chamado' }).click();
    const modal = page.getByRole('dialog', { name: 'Filtro' });
    await expect
      .poll(() => modal.getByRole('textbox', { name: 'Nome do filtro' }).inputValue())
      .toBe('Filtro de Chamado');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await filters.getByRole('button', { name: 'Editar o filtro Filtro de Chamado' }).waitFor();
    await chamadoRow.getByText('1 filtro', { exact: true }).waitFor();
    expect(await columnLefts()).toEqual(before);

    // Unticking Visualizar on a field unticks filling, changing and clearing it.
    await subjects.getByRole('button', { name: 'Permissões dos campos de Chamado' }).click();
    const field = (action: string) =>
      subjects.getByRole('checkbox', { name: `${action} o campo Descrição`, exact: true });
    await expect.poll(() => field('Alterar').isChecked()).toBe(true);
    await field('Visualizar').uncheck();
    for (const action of ['Visualizar', 'Preencher', 'Alterar', 'Limpar'])
      expect([action, await field(action).isChecked()]).toEqual([action, false]);
    await bothModes(page, 'rooms-consistency-attributes', {
      before: () => field('Visualizar').scrollIntoViewIfNeeded(),
    });
    // Ticking one of them again ticks Visualizar with it.
    await field('Alterar').check();
    expect(await field('Visualizar').isChecked()).toBe(true);
  });
});
