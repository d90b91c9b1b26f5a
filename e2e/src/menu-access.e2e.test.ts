import { describe, expect, it } from 'vitest';
import type { CompanyMenu } from '@talkbase/domain/contracts/menus';
import type { RoomDetail, RoomSummary } from '@talkbase/domain/contracts/rooms';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { signInByApi, suiteApi } from './api.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// A server of its own: the company must not have a menu yet (issue 39 is about the first one).
const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);
const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };

describe('the first menu and a menu item’s saved filter (issue 39 items 1 and 2)', () => {
  it('an attendant keeps its navigation when the first menu is saved, and opens an item’s saved filter it may not read', async () => {
    const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The support room, as the new team had it: it works tickets but may not read `filtro`.
    const filtro = await api<Subject>(token, 'GET', '/api/subject/filtro');
    const rooms = await api<{ itens: RoomSummary[] }>(
      token,
      'GET',
      '/api/room?page=1&fetch=100&term=Atendimento',
    );
    const supportId = rooms.itens[0]?.roomId;
    const support = await api<RoomDetail>(token, 'GET', `/api/room/${supportId}`);
    await api(token, 'PUT', `/api/room/${supportId}`, {
      roomName: support.roomName,
      displayName: support.displayName,
      permissions: {
        subjects: support.subjects.filter((s) => s.resourceId !== filtro.subjectId),
        menus: [],
      },
    });
    const filters = await api<{ itens: { filterId: number; filterName: string }[] }>(
      token,
      'GET',
      '/api/Filter/chamado',
    );
    const abertos = filters.itens.find((f) => f.filterName === 'Abertos');
    expect(abertos).toBeDefined();

    // The attendant is at work, with the automatic 'Registros' list.
    const agent = await signedIn(suite.browser, suite.server, AGENT.email, AGENT.password);
    await agent.shell.sideMenu.getByRole('heading', { name: 'Registros' }).waitFor();

    // The administrator builds the company's first menu: one item for tickets, with 'Abertos'.
    const { page, shell } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await shell.openFromMenu('Menu');
    await page.getByRole('heading', { name: 'Configuração do menu' }).waitFor();
    const panel = page.getByRole('region', { name: 'Edição do item' });
    await page.getByRole('button', { name: 'Novo item' }).click();
    await panel.getByRole('textbox', { name: 'Nome' }).fill('Chamados abertos');
    await panel.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await panel.getByRole('button', { name: 'Adicionar filtro' }).click();
    await panel.getByRole('combobox', { name: 'Filtro 1' }).click();
    await page.getByRole('option', { name: 'Abertos', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();

    // Before saving: the rooms reading tickets are offered the new item, by name, checked.
    const grants = page.getByRole('dialog', { name: 'Quem vê os novos itens' });
    await grants.getByText('Chamados abertos (Chamado)').waitFor();
    const atendimento = grants.getByRole('checkbox', { name: support.roomName, exact: true });
    expect(await atendimento.isChecked()).toBe(true);
    await bothModes(page, 'menu-first-grants');
    await grants.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect
      .poll(() => shell.noticeTexts())
      .toContainEqual(expect.stringContaining('Menus atualizada com sucesso!.'));
    const whole = await api<CompanyMenu>(token, 'GET', '/api/presentation/menu/all/?scope=company');
    const item = whole.Menus[0];
    expect(item).toMatchObject({ Name: 'Chamados abertos', Filters: [abertos?.filterId] });

    // The attendant's side menu changes by itself, without reloading: the item is there.
    const leaf = agent.shell.sideMenu.getByRole('link', { name: 'Chamados abertos', exact: true });
    await leaf.waitFor({ timeout: 15_000 });
    expect(await agent.shell.sideMenu.getByRole('heading', { name: 'Registros' }).count()).toBe(0);
    await bothModes(agent.page, 'menu-first-agent-side-menu');

    // The item opens the tickets with 'Abertos', though the room may not read `filtro`.
    await leaf.click();
    const grid = new GridPage(agent.page, 'Chamado');
    await grid.waitForRows();
    expect(pathname(agent.page)).toBe('/context/grid/chamado');
    expect(new URL(agent.page.url()).searchParams.get('menu')).toBe(String(item?.Id));
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const filtered = await api<{ totalResults: number }>(agentToken, 'POST', '/api/talk/filter/chamado', {
      page: 1,
      fetch: 1,
      filterIds: [abertos?.filterId],
      menuId: item?.Id,
    });
    const all = await api<{ totalResults: number }>(agentToken, 'POST', '/api/talk/filter/chamado', {
      page: 1,
      fetch: 1,
    });
    expect(filtered.totalResults).toBeGreaterThan(0);
    expect(filtered.totalResults).toBeLessThan(all.totalResults);
    await expect.poll(() => grid.range()).toMatch(new RegExp(` de ${filtered.totalResults}$`));
    expect(await agent.page.getByRole('alert').count()).toBe(0);
    await bothModes(agent.page, 'menu-first-agent-grid');

    // The grid remembered 'Abertos'; opened without the item, the attendant may not read it:
    // it is dropped with a notice and the rows show, instead of an error that stays.
    await agent.page.goto(`${suite.server.url}/context/grid/chamado`);
    await grid.waitForRows();
    await expect
      .poll(() => agent.shell.noticeTexts())
      .toContainEqual(expect.stringContaining('O filtro salvo não está mais disponível e foi removido.'));
    await expect.poll(() => grid.range()).toMatch(new RegExp(` de ${all.totalResults}$`));
    expect(await grid.rows.count()).toBeGreaterThan(0);
    await bothModes(agent.page, 'menu-first-agent-filter-dropped');
    // Reloading does not bring the refused filter back.
    await agent.page.reload();
    await grid.waitForRows();
    await expect.poll(() => grid.range()).toMatch(new RegExp(` de ${all.totalResults}$`));
  });
});
