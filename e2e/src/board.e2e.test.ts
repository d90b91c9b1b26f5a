import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import type { SavedViews } from '@talkbase/domain/contracts/saved-views';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);

const column = (page: Page, key: string): Locator => page.locator(`.board-column[data-column="${key}"]`);
const card = (page: Page, talkId: number): Locator => page.locator(`.board-card[data-talk-id="${talkId}"]`);
const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notificações' }).getByText(text);

/** Waits until every column has its count (no column still loading). */
async function boardLoaded(page: Page): Promise<void> {
  await page.locator('.board-column').first().waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.board-column-body')].every(
      (b) => b.getAttribute('aria-busy') === 'false',
    ),
  );
}

/** A mouse drag from a card to a column, in small steps (the drag starts after 6 pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('card or column not on screen');
  await page.mouse.move(a.x + 20, a.y + 10);
  await page.mouse.down();
  await page.mouse.move(a.x + 30, a.y + 20, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.up();
}

describe('records board', { timeout: 240_000 }, () => {
  it('shows tickets by situation, moves a card by mouse and keyboard, refuses a stale move, and remembers the view', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const tickets = (await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', { fetch: 200 })).itens;
    const situacaoOf = (t: ApiTalk) => Number(talkValue(t, 'situacao')) || null;
    const attributeId = tickets
      .flatMap((t) => t.talkValues)
      .find((v) => v.subjectAttributeIdentifier === 'situacao')?.subjectAttributeId;
    if (!attributeId) throw new Error('the demo tickets have no situation');
    const options = (
      await api<{ itens: { id: number; name: string }[] }>(
        admin,
        'GET',
        `/api/SubjectAttribute/related/${attributeId}?page=1`,
      )
    ).itens;
    // ---- loading, then the board ---------------------------------------------------------------
    const { context, page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD, '/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/talk/filter/chamado/', async (route) => {
      await held;
      // (Continued by the unroute below when that comes first.)
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${suite.server.url}/context/board/chamado?by=situacao`);
    await page.getByText('Carregando…').first().waitFor();
    await screenshot(page, 'board-loading-day');
    release();
    await boardLoaded(page);
    expect(await page.locator('.board-column').count()).toBe(options.length + 1);
    // The columns are the options in order, then "Sem valor".
    const keys = await page
      .locator('.board-column')
      .evaluateAll((cols) => cols.map((c) => c.getAttribute('data-column') ?? ''));
    expect(keys).toEqual([...options.map((o) => `o${o.id}`), 'empty']);
    const [fromKey, toKey] = keys;
    const fromId = Number(fromKey?.slice(1));
    const target = options[1];
    if (!target || !toKey) throw new Error('the situations need two options');
    // The column counts are the grid's totals for each situation.
    const inFrom = (
      await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
        fetch: 1,
        filterJson: { attribute: 'situacao', operator: 'equal', value: fromId },
      })
    ).totalResults;
    await expect
      .poll(() => column(page, `o${fromId}`).locator('.board-column-head .mantine-Badge-root').textContent())
      .toBe(inFrom.toLocaleString('pt-BR'));
    // The view switch shows "Quadro" as the current view.
    expect(await page.getByRole('link', { name: 'Quadro', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await bothModes(page, 'board');

    // ---- a mouse drag saves the value; the grid shows it ---------------------------------------
    const firstId = Number(
      await column(page, `o${fromId}`).locator('.board-card').first().getAttribute('data-talk-id'),
    );
    const first = await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${firstId}`);
    const toColumn = column(page, toKey);
    await drag(page, card(page, firstId), toColumn);
    await notice(page, `movido para ${target.name}`).first().waitFor();
    await toColumn.locator(`.board-card[data-talk-id="${firstId}"]`).waitFor();
    await expect
      .poll(async () => situacaoOf(await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${firstId}`)))
      .toBe(target.id);

    const grid = new GridPage(page, 'Chamado');
    await page.goto(`${suite.server.url}/context/grid/chamado`);
    await grid.waitForRows();
    await page.getByRole('textbox', { name: 'Pesquisa rápida' }).fill(String(talkValue(first, 'titulo')));
    await expect
      .poll(() => grid.cell(firstId, 'Situação').textContent(), { timeout: 15_000 })
      .toContain(target.name);
    // Back to the board, through the view switch.
    await page.getByRole('link', { name: 'Quadro', exact: true }).click();
    await boardLoaded(page);

    // ---- the keyboard: space, an arrow to the next column, space --------------------------------
    const secondId = Number(
      await column(page, `o${fromId}`).locator('.board-card').first().getAttribute('data-talk-id'),
    );
    const keyCard = card(page, secondId);
    await keyCard.scrollIntoViewIfNeeded();
    await keyCard.focus();
    // Each step waits for its announcement (the screen reader's live region) before the next.
    const live = page.locator('[role="status"][aria-live]');
    await page.keyboard.press('Space');
    await page.locator(`.board-card[data-talk-id="${secondId}"][data-dragging]`).waitFor();
    await page.keyboard.press('ArrowRight');
    await live.getByText(`sobre a coluna ${target.name}.`, { exact: false }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await toColumn.locator(`.board-card[data-talk-id="${secondId}"]`).waitFor();
    await expect
      .poll(async () => situacaoOf(await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${secondId}`)))
      .toBe(target.id);

    // ---- a stale move: someone saved the record meanwhile; the card goes back and says why -----
    const fresh = await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${firstId}`);
    await api(admin, 'PUT', `/api/talk/chamado/${firstId}`, {
      version: fresh.version,
      talkValues: [{ subjectAttributeIdentifier: 'solicitante', value: 'Outra pessoa' }],
    });
    const back = column(page, `o${fromId}`);
    await drag(page, toColumn.locator(`.board-card[data-talk-id="${firstId}"]`), back);
    await notice(page, 'Outra pessoa alterou este registro').first().waitFor();
    await toColumn.locator(`.board-card[data-talk-id="${firstId}"]`).waitFor();
    expect(situacaoOf(await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${firstId}`))).toBe(target.id);

    // ---- "Mover para…": the card's menu -------------------------------------------------------
    const moved = toColumn.locator(`.board-card[data-talk-id="${firstId}"]`);
    await moved.getByRole('button', { name: /^Ações de / }).click();
    await page.getByRole('menu').waitFor();
    await settled(page);
    await screenshot(page, 'board-move-menu-day');
    await page.getByRole('menuitem', { name: options.find((o) => o.id === fromId)?.name ?? '' }).click();
    await back.locator(`.board-card[data-talk-id="${firstId}"]`).waitFor();
    await expect
      .poll(async () => situacaoOf(await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${firstId}`)))
      .toBe(fromId);

    // ---- live: another person moves a card; it moves on this board too -------------------------
    const rooms = await api<{ itens: { roomId: number; roomName: string }[] }>(
      admin,
      'GET',
      '/api/room?page=1&fetch=100&term=Atendimento',
    );
    const support = rooms.itens.find((r) => r.roomName === 'Atendimento')?.roomId;
    const other = { email: `quadro.${Date.now()}@talkbase.test`, password: 'Quadro-senha-forte-2024' };
    await api(admin, 'POST', '/api/account/', {
      accountType: 1,
      firstName: 'Outra',
      lastName: 'Pessoa',
      displayName: 'Outra',
      email: other.email,
      phoneNumber: '11999990000',
      roomId: support,
      isAdmin: false,
      password: other.password,
    });
    const otherToken = await signInByApi(suite.server, other.email, other.password);
    const current = await api<ApiTalk>(otherToken, 'GET', `/api/talk/chamado/${firstId}`);
    await api(otherToken, 'PUT', `/api/talk/chamado/${firstId}`, {
      version: current.version,
      talkValues: [{ subjectAttributeIdentifier: 'situacao', value: target.id }],
    });
    await toColumn.locator(`.board-card[data-talk-id="${firstId}"]`).waitFor({ timeout: 15_000 });
    expect(await back.locator(`.board-card[data-talk-id="${firstId}"]`).count()).toBe(0);

    // ---- a column's "+": a new record with the column's value ----------------------------------
    await toColumn.getByRole('button', { name: `Novo registro em ${target.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo registro: Chamado' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Chamado criado pelo quadro');
    await settled(page);
    await screenshot(page, 'board-new-record-day');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const created = (
      await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
        fetch: 1,
        term: 'criado pelo quadro',
      })
    ).itens[0];
    if (!created) throw new Error('the new record was not saved');
    expect(situacaoOf(created)).toBe(target.id);
    await toColumn.locator(`.board-card[data-talk-id="${created.talkId}"]`).waitFor();

    // ---- the view is remembered: the records menu opens the board ------------------------------
    const saved = await api<SavedViews>(admin, 'GET', '/api/account/preferences/views');
    expect(saved.views).toContainEqual({
      subject: 'chamado',
      view: 'board',
      boardBy: 'situacao',
      calendarBy: null,
    });
    await page.goto(`${suite.server.url}/`);
    const menuLink = page.getByRole('link', { name: 'Chamado', exact: true }).first();
    await expect.poll(() => menuLink.getAttribute('href')).toBe('/context/board/chamado?by=situacao');

    // ---- a subject with nothing to group by: no "Quadro" offered, the address says so ------------
    await page.goto(`${suite.server.url}/context/grid/cliente`);
    await new GridPage(page, 'Cliente').waitForRows();
    expect(await page.getByRole('link', { name: 'Quadro', exact: true }).count()).toBe(0);
    await page.goto(`${suite.server.url}/context/board/cliente`);
    await page.getByText('Este assunto não tem um campo de seleção única ou sim/não').waitFor();
    await bothModes(page, 'board-no-attribute');
    await page.getByRole('link', { name: 'Abrir a lista' }).click();
    await page.waitForURL('**/context/grid/cliente');
    await new GridPage(page, 'Cliente').waitForRows();
    // A board the subject cannot have is not remembered: the menu still opens its list.
    const clienteView = (await api<SavedViews>(admin, 'GET', '/api/account/preferences/views')).views.find(
      (v) => v.subject === 'cliente',
    );
    expect(clienteView?.view ?? 'grid').toBe('grid');

    // ---- empty and error states ---------------------------------------------------------------
    await page.goto(`${suite.server.url}/context/board/chamado?by=situacao&isActive=false`);
    await boardLoaded(page);
    await page.getByText('Nenhum registro').first().waitFor();
    await bothModes(page, 'board-empty');

    await page.route('**/api/talk/filter/chamado/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' }),
    );
    await page.goto(`${suite.server.url}/context/board/chamado?by=situacao`);
    await page.getByText('Não foi possível carregar esta coluna.').first().waitFor({ timeout: 30_000 });
    await bothModes(page, 'board-error');
    await context.close();
  });
  it("shows each task's timer state on the tasks' board, where only the task calls move a task", async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const tasks = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/tarefa/', { fetch: 5 });
    const task = tasks.itens[0];
    if (!task) throw new Error('the demo has no task');
    const status = task.talkValues.find((v) => v.subjectAttributeIdentifier === 'statustarefa')?.displayValue;
    expect(status).toBe('Aguardando Execução');
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/context/board/tarefa?by=statustarefa',
    );
    await boardLoaded(page);
    await card(page, task.talkId)
      .getByLabel(`Cronômetro da tarefa: ${String(status)}`)
      .waitFor();
    // The task calls alone move a task's status: no drag, no "Mover para…", no column's "+".
    expect(await card(page, task.talkId).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: /^Ações de / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Novo registro em / }).count()).toBe(0);
    await bothModes(page, 'board-tasks');
    await context.close();
  });
});
