import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompanyMenu, MenuNode } from '@talkbase/domain/contracts/menus';
import type { RoomDetail, RoomSummary } from '@talkbase/domain/contracts/rooms';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });

const { ok: api } = suiteApi(suite);

/** Drags a tree row by its handle: `rows` down (negative: up) and `levels` right (negative: left). */
async function drag(page: Page, handle: Locator, rows: number, levels: number): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  const row = await handle.locator('xpath=ancestor::li[1]').boundingBox();
  if (!box || !row) throw new Error('a alça de arrastar não está visível');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const frame = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  // Past the 4 px activation distance first, then wait for the dragged copy to show; a press
  // that did not start a drag (a closing dropdown took it) is let go and made again.
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + (rows < 0 ? -6 : 6));
    await frame();
    await page.mouse.move(x, y + (rows < 0 ? -8 : 8));
    const started = await page
      .locator('.menu-tree-overlay')
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (started) break;
    await page.mouse.up();
    if (attempt === 3) throw new Error('o arraste não começou');
  }
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x + (levels * 28 * i) / steps, y + (rows * row.height * i) / steps);
    // A frame for dnd-kit to measure and find the row under the pointer, as a hand would give it.
    await frame();
  }
  await frame();
  await page.mouse.up();
  await page.locator('.menu-tree-overlay').waitFor({ state: 'detached' });
}

const treeNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Itens do menu' })
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => [
        li.querySelector('.menu-tree-item p')?.textContent ?? '',
        Math.round(Number.parseFloat(getComputedStyle(li).paddingLeft) / 28),
      ]),
    );

describe('menu builder and the company menu (issue 15 item 2)', () => {
  it('builds, reorders by dragging and saves a menu; a room sees it without the leaf it was not given', async () => {
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // A custom template for the tickets' grid, with a column alias the default does not have.
    const chamado = await api<Subject>(token, 'GET', '/api/subject/chamado');
    const attr = (identifier: string) =>
      chamado.subjectAttributes.find((a) => a.subjectAttributeIdentifier === identifier)?.subjectAttributeId;
    await api(token, 'POST', '/api/template', {
      templateName: 'Triagem do menu',
      subjectId: 'chamado',
      templateType: 7,
      templateAreas: [
        { subjectAttributeId: attr('titulo'), templateAreaName: 'Resumo do chamado', order: 0, widgetId: 1 },
        { subjectAttributeId: attr('situacao'), order: 1, widgetId: 1 },
      ],
    });
    const filters = await api<{ itens: { filterId: number; filterName: string }[] }>(
      token,
      'GET',
      '/api/Filter/chamado',
    );
    const abertos = filters.itens.find((f) => f.filterName === 'Abertos');
    expect(abertos).toBeDefined();
    // A room that works tickets and tasks like the demo's support room, and a user in it.
    const rooms = await api<{ itens: RoomSummary[] }>(
      token,
      'GET',
      '/api/room?page=1&fetch=100&term=Atendimento',
    );
    const support = await api<RoomDetail>(token, 'GET', `/api/room/${rooms.itens[0]?.roomId}`);
    const roomBody = {
      roomName: 'Balcão',
      displayName: 'Balcão',
      permissions: { subjects: support.subjects, menus: [] as { resourceId: number; actions: string[] }[] },
    };
    const { roomId } = await api<{ roomId: number }>(token, 'POST', '/api/room', roomBody);
    const person = { email: `balcao.${Date.now()}@talkbase.test`, password: 'Balcao-senha-forte-2024' };
    await api(token, 'POST', '/api/account/', {
      accountType: 1,
      firstName: 'Bruno',
      lastName: 'Balcão',
      displayName: 'Bruno',
      email: person.email,
      phoneNumber: '11999990000',
      roomId,
      isAdmin: false,
      password: person.password,
    });

    const { page, shell } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // No menu yet: the 'Registros' list stands in.
    await shell.sideMenu.getByRole('heading', { name: 'Registros' }).waitFor();
    await shell.openFromMenu('Menu');
    await page.getByRole('heading', { name: 'Configuração do menu' }).waitFor();
    expect(pathname(page)).toBe('/config/menu');
    await page.getByText('Nenhum menu configurado.', { exact: false }).waitFor();
    await bothModes(page, 'menu-builder-empty');

    const panel = page.getByRole('region', { name: 'Edição do item' });
    const save = page.getByRole('button', { name: 'Salvar', exact: true });
    // Three items at the top: a future parent and two leaves.
    await page.getByRole('button', { name: 'Novo item' }).click();
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Atendimento');
    await panel.getByRole('button', { name: 'Escolher ícone' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolher ícone' });
    await picker.getByRole('textbox', { name: 'Buscar ícone' }).fill('support agent');
    await picker.getByRole('button', { name: 'Ícone support_agent', exact: true }).waitFor();
    await bothModes(page, 'menu-icon-picker');
    await picker.getByRole('button', { name: 'Ícone support_agent', exact: true }).click();
    await picker.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Novo item' }).click();
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Tarefas');
    expect(await save.isDisabled()).toBe(true);
    await page.getByText('Selecione um assunto').first().waitFor();
    await panel.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: 'Tarefa', exact: true }).click();

    await page.getByRole('button', { name: 'Novo item' }).click();
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Chamados abertos');
    await panel.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await panel.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Triagem do menu' }).click();
    await panel.getByRole('button', { name: 'Adicionar filtro' }).click();
    await panel.getByText('Há campos de filtros vazios').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await panel.getByRole('combobox', { name: 'Filtro 1' }).click();
    await page.getByRole('option', { name: 'Abertos', exact: true }).click();
    // 'Atendimento' is still a leaf without a subject: nothing is saved yet.
    expect(await save.isDisabled()).toBe(true);

    await settled(page);
    // Dragging 'Tarefas' one level right puts it under 'Atendimento', a leaf: asked first.
    await drag(page, page.getByRole('button', { name: 'Arrastar Tarefas' }), 0, 1);
    const confirm = page.getByRole('dialog', { name: 'Transformar em menu pai' });
    await confirm.getByText('Deseja realmente transformar esse menu em um menu pai?').waitFor();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect
      .poll(() => treeNames(page))
      .toEqual([
        ['Atendimento', 0],
        ['Tarefas', 1],
        ['Chamados abertos', 0],
      ]);
    // 'Chamados abertos' up one row and one level right: first under 'Atendimento'.
    await drag(page, page.getByRole('button', { name: 'Arrastar Chamados abertos' }), -1, 1);
    await expect
      .poll(() => treeNames(page))
      .toEqual([
        ['Atendimento', 0],
        ['Chamados abertos', 1],
        ['Tarefas', 1],
      ]);
    await page.getByRole('button', { name: 'Editar Chamados abertos' }).click();
    await bothModes(page, 'menu-builder');

    await save.click();
    // The rooms reading the new items' subjects are offered them first (issue 39 item 1).
    const grants = page.getByRole('dialog', { name: 'Quem vê os novos itens' });
    await grants.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect
      .poll(() => shell.noticeTexts())
      .toContainEqual(expect.stringContaining('Menus atualizada com sucesso!.'));
    // The side menu shows the new menu at once, in its order; 'Registros' is gone.
    await shell.sideMenu.getByRole('link', { name: 'Chamados abertos', exact: true }).waitFor();
    expect(await shell.sideMenu.getByRole('heading', { name: 'Registros' }).count()).toBe(0);
    const links = await shell.sideMenu
      .locator('section[aria-labelledby="company-menu-title"] .mantine-NavLink-label')
      .allTextContents();
    expect(links).toEqual(['Atendimento', 'Chamados abertos', 'Tarefas']);
    expect(await save.isDisabled()).toBe(true);

    // What the server keeps; the room is given the parent and the tickets' leaf only.
    const whole = await api<CompanyMenu>(token, 'GET', '/api/presentation/menu/all/?scope=company');
    const [parent] = whole.Menus;
    const [chamados, tarefas] = parent?.Menus ?? [];
    expect(parent).toMatchObject({ Name: 'Atendimento', Icon: 'support_agent', Subject: null });
    expect(chamados).toMatchObject({
      Name: 'Chamados abertos',
      Scenario: 'grid',
      Subject: 'chamado',
      Filters: [abertos?.filterId],
    });
    expect(chamados?.TemplateId).toBeGreaterThan(0);
    expect(tarefas).toMatchObject({ Name: 'Tarefas', Subject: 'tarefa' });
    await api(token, 'PUT', `/api/room/${roomId}`, {
      ...roomBody,
      permissions: {
        ...roomBody.permissions,
        menus: [parent, chamados].map((m) => ({ resourceId: (m as MenuNode).Id, actions: ['read'] })),
      },
    });

    const user = await signedIn(suite.browser, suite.server, person.email, person.password);
    const leaf = user.shell.sideMenu.getByRole('link', { name: 'Chamados abertos', exact: true });
    await leaf.waitFor();
    expect(await user.shell.sideMenu.getByRole('link', { name: 'Tarefas', exact: true }).count()).toBe(0);
    expect(await user.shell.sideMenu.getByRole('heading', { name: 'Registros' }).count()).toBe(0);
    expect(await user.shell.sideMenu.getByRole('link', { name: 'Menu', exact: true }).count()).toBe(0);
    await screenshot(user.page, 'menu-user-side-menu-day');

    // The leaf opens the tickets' grid with its template and the saved filter 'Abertos'.
    await leaf.click();
    const grid = new GridPage(user.page, 'Chamado');
    await grid.waitForRows();
    expect(pathname(user.page)).toBe('/context/grid/chamado');
    const query = new URL(user.page.url()).searchParams;
    expect(query.get('template')).toBe(String(chamados?.TemplateId));
    expect(query.get('filters')).toBe(String(abertos?.filterId));
    const headers = await grid.grid.locator('[role="columnheader"] .grid-header-label').allTextContents();
    expect(headers).toContain('Resumo do chamado');
    const userToken = await signInByApi(suite.server, person.email, person.password);
    const open = await api<{ totalResults: number }>(userToken, 'POST', '/api/talk/filter/chamado', {
      page: 1,
      fetch: 1,
      filterIds: [abertos?.filterId],
    });
    const all = await api<{ totalResults: number }>(userToken, 'POST', '/api/talk/filter/chamado', {
      page: 1,
      fetch: 1,
    });
    expect(open.totalResults).toBeLessThan(all.totalResults);
    await expect.poll(() => grid.range()).toMatch(new RegExp(` de ${open.totalResults}$`));
    await user.page.locator('.mantine-Pill-root', { hasText: 'Abertos' }).first().waitFor();
    await bothModes(user.page, 'menu-user-leaf-grid');
  });
});
