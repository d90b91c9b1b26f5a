import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { pathname, signedIn, signedInOnGrid } from './helpers.ts';
import { GridPage } from './pages/grid-page.ts';
import { cutRealtimeSockets, releaseRealtimeSockets, steerRealtimeSockets } from './realtime-sockets.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };

const suite = useSuite({ SEED: 'demo' });

/** A view of the record in the header's switch (Ver registro, Editar, Histórico, Anexos, Ajuda). */
const recordView = (page: Page, name: string) =>
  page.locator('.mantine-SegmentedControl-label').getByText(name, { exact: true });

const { ok: api } = suiteApi(suite);

const adminToken = () => signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
const page1 = (token: string, body: Record<string, unknown>) =>
  api<PagedTalks>(token, 'POST', '/api/talk/filter/chamado/', { page: 1, fetch: 50, ...body });
const valueOf = (talk: ApiTalk, identifier: string) =>
  talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier);

describe('records in the browser (issue 5)', () => {
  it('pages, sorts, filters with a saved filter, edits a cell and adds a row in the chamado grid', async () => {
    const token = await adminToken();
    const { context, page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const grid = new GridPage(page, 'Chamado');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Chamado', exact: true })
      .click();
    await grid.waitForRows();
    expect(pathname(page)).toBe('/context/grid/chamado');
    expect(await grid.range()).toBe('1–50 de 300');
    expect((await grid.ids())[0]).toBe(300);
    await screenshot(page, 'records-grid');

    // Server paging.
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(() => grid.range()).toBe('51–100 de 300');
    await expect.poll(async () => (await grid.ids())[0]).toBe(250);

    // Server sort on an orderable column: ascending, as the API sorts it.
    await page.getByRole('button', { name: 'Ordenar por Título' }).click();
    await expect.poll(() => grid.range()).toBe('1–50 de 300');
    const sorted = await page1(token, { order: { attribute: 'titulo', direction: 1 } });
    // The grid renders the rows in view (virtualised): they are the API's first ones, in order.
    await expect
      .poll(async () => {
        const shown = await grid.ids();
        return shown.length >= 10 && shown.every((id, i) => id === sorted.itens[i]?.talkId);
      })
      .toBe(true);
    expect(await grid.grid.getByRole('columnheader', { name: /Título/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    // A saved filter.
    await page.getByRole('combobox', { name: 'Filtros salvos' }).click();
    await page.getByRole('option', { name: 'Prioridade urgente' }).click();
    await page.keyboard.press('Escape');
    const filters = await api<{ itens: { filterId: number; filterName: string }[] }>(
      token,
      'GET',
      '/api/Filter/chamado',
    );
    const urgent = filters.itens.find((f) => f.filterName === 'Prioridade urgente')?.filterId ?? 0;
    const filtered = await page1(token, {
      filterIds: [urgent],
      order: { attribute: 'titulo', direction: 1 },
    });
    expect(filtered.totalResults).toBeLessThan(300);
    await expect
      .poll(() => grid.range())
      .toBe(`1–${Math.min(50, filtered.totalResults)} de ${filtered.totalResults}`);
    expect(new Set(await grid.column('Prioridade'))).toEqual(new Set(['Urgente']));
    await screenshot(page, 'records-grid-filtered');

    // Inline cell editing: double-click, type, Enter.
    const first = filtered.itens[0]?.talkId ?? 0;
    await grid.cell(first, 'Solicitante').dblclick();
    const editor = grid.row(first).getByRole('textbox', { name: 'Solicitante' });
    await editor.fill('Editado na grade');
    await editor.press('Enter');
    await grid.notice('Registro atualizado com sucesso!').waitFor();
    await expect.poll(() => grid.cell(first, 'Solicitante').textContent()).toBe('Editado na grade');
    const edited = await api<ApiTalk>(token, 'GET', `/api/talk/chamado/${first}`);
    expect(valueOf(edited, 'solicitante')?.value).toBe('Editado na grade');

    // A new row with a temporary id counting down from 999999, saved with its values.
    await grid.button('Adicionar linha').click();
    const fresh = grid.grid.locator('[role="row"][data-state="new"]');
    await expect.poll(() => fresh.getAttribute('data-talk-id')).toBe('999999');
    await fresh.getByRole('textbox', { name: 'Título' }).fill('Chamado criado pela grade');
    await fresh.getByRole('button', { name: 'Salvar linha' }).click();
    await grid.notice('Registro inserido com sucesso!').waitFor();
    await expect.poll(async () => (await page1(token, {})).totalResults).toBe(301);
    const created = (await page1(token, { term: 'criado pela grade' })).itens[0];
    expect(created && valueOf(created, 'titulo')?.value).toBe('Chamado criado pela grade');
    await context.close();
  });

  it('batch-deactivates two rows, finds them deactivated, deletes one and shows the related records of the other', async () => {
    const token = await adminToken();
    const tasks = await api<PagedTalks>(token, 'POST', '/api/talk/filter/tarefa/', { page: 1, fetch: 200 });
    const referenced = new Set(tasks.itens.map((t) => valueOf(t, 'chamado')?.value as number));
    const ids = (await page1(token, {})).itens.map((t) => t.talkId);
    const loose = ids.find((id) => !referenced.has(id)) ?? 0;
    const linked = ids.find((id) => referenced.has(id)) ?? 0;
    expect(loose && linked).toBeTruthy();

    const { context, page, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'chamado',
      'Chamado',
    );
    await grid.button('Redefinir grade').click();
    await grid.waitForRows();
    await grid.select(loose);
    await grid.select(linked);
    await grid.button('Desativar').click();
    const confirm = page.getByRole('dialog', { name: 'Desativar registros' });
    await confirm.getByText('Deseja realmente desativar os 2 registros selecionados?').waitFor();
    // Escape closes the status modal without doing anything (002 §2).
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await grid.button('Desativar').click();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await grid.notice('O(s) registro(s) foi/foram desativado(s) com sucesso!').waitFor();
    await expect.poll(() => grid.row(loose).count()).toBe(0);
    expect(await grid.row(linked).count()).toBe(0);

    await page.getByRole('link', { name: 'Ver desativados' }).click();
    // The deactivated grid is a new screen: its heading first, then its own first page (the
    // active grid's rows, or the new one's loading state, can still be there a moment).
    await page.getByRole('heading', { name: 'Chamado (DESATIVADOS)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('isActive')).toBe('false');
    await expect.poll(async () => (await grid.ids()).sort()).toEqual([loose, linked].sort());
    await grid.waitForRows();
    await screenshot(page, 'records-grid-deactivated');

    await grid.select(loose);
    await grid.button('Excluir').click();
    await page
      .getByRole('dialog', { name: 'Excluir registros' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await grid.notice('O(s) registro(s) foi/foram excluído(s) com sucesso!').waitFor();
    await expect.poll(() => grid.ids()).toEqual([linked]);

    await grid.select(linked);
    await grid.button('Excluir').click();
    await page
      .getByRole('dialog', { name: 'Excluir registros' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    const related = page.getByRole('dialog', { name: 'Aviso de registros relacionados' });
    await related.waitFor();
    await grid
      .notice('Alguns dos registros que você tentou excluir possuem outros registros relacionados.')
      .waitFor();
    expect(await related.getByRole('link').first().textContent()).toMatch(
      new RegExp(`^Tarefa #\\d+ .* aponta para o registro #${linked}$`),
    );
    await screenshot(page, 'records-related-modal');
    await related.getByRole('button', { name: 'OK' }).click();
    expect(await grid.ids()).toEqual([linked]);
    await context.close();
  });

  it('edits a record in the form, sees the change in the timeline, and uploads and downloads an attachment', async () => {
    const token = await adminToken();
    // A record no other test touches (they work on the first page).
    const id = (await page1(token, { page: 3 })).itens[0]?.talkId ?? 0;
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/context/talk/chamado/${id}`,
    );
    await page.getByRole('heading', { name: `Chamado #${id}` }).waitFor();
    await page
      .getByRole('navigation', { name: 'Áreas do registro' })
      .or(page.getByRole('textbox', { name: /Título/ }))
      .first()
      .waitFor();
    await screenshot(page, 'records-talk');

    await recordView(page, 'Editar').click();
    await expect.poll(() => pathname(page)).toBe(`/context/form/chamado/${id}`);
    // The talk view shows a form too: type only once the form screen has replaced it.
    await page.getByRole('heading', { name: `Editar: Chamado #${id}` }).waitFor();
    const solicitante = page.getByRole('textbox', { name: 'Solicitante' });
    await solicitante.fill('Marina Alterada');
    await page.getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('region', { name: 'Notificações' })
      .getByText('Registro atualizado com sucesso!')
      .waitFor();
    const saved = await api<ApiTalk>(token, 'GET', `/api/talk/chamado/${id}`);
    expect(valueOf(saved, 'solicitante')?.value).toBe('Marina Alterada');
    await screenshot(page, 'records-form');

    await recordView(page, 'Histórico').click();
    await expect.poll(() => pathname(page)).toBe(`/context/timeline/chamado/${id}`);
    const latest = page.getByRole('listitem').filter({ hasText: 'alterou o registro' }).first();
    await latest.getByText('Marina Alterada').waitFor();
    expect(await latest.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await screenshot(page, 'records-timeline');

    await recordView(page, 'Anexos').click();
    await expect.poll(() => pathname(page)).toBe(`/context/attachments/chamado/${id}`);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await page
      .getByLabel('Selecionar arquivos para Anexos')
      .setInputFiles({ name: 'relatorio.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('relatorio.pdf').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar relatorio.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('talkbase-relatorio.pdf');
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).toString('latin1').startsWith('%PDF-')).toBe(true);
    await screenshot(page, 'records-attachments');
    await context.close();
  });

  it('offers a refresh when another user changes a record of the subject', async () => {
    const first = await signedInOnGrid(suite, ADMIN_EMAIL, ADMIN_PASSWORD, 'chamado', 'Chamado');
    const { grid } = first;
    await grid.button('Redefinir grade').click();
    await grid.waitForRows();
    const target = (await grid.ids())[2] ?? 0;

    const second = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      `/context/form/chamado/${target}`,
    );
    const field = second.page.getByRole('textbox', { name: 'Solicitante' });
    await field.fill('Mudado por outra pessoa');
    await second.page.getByRole('button', { name: 'OK' }).click();
    await second.page
      .getByRole('region', { name: 'Notificações' })
      .getByText('Registro atualizado com sucesso!')
      .waitFor();

    const offer = first.page
      .getByRole('status')
      .filter({ hasText: 'Outro usuário alterou registros deste assunto.' });
    await offer.waitFor({ timeout: 15_000 });
    // The grid did not jump: the old value stays until the user asks.
    expect(await grid.cell(target, 'Solicitante').textContent()).not.toBe('Mudado por outra pessoa');
    await screenshot(first.page, 'records-grid-refresh-offer');
    await offer.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => grid.cell(target, 'Solicitante').textContent()).toBe('Mudado por outra pessoa');
    await offer.waitFor({ state: 'detached' });
    await first.context.close();
    await second.context.close();
  });

  it('offers the refresh after a lost connection when others changed records meanwhile, and only then', async () => {
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const first = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await steerRealtimeSockets(first.context, { held: false });
    const grid = new GridPage(first.page, 'Chamado');
    await grid.open(suite.server.url, '/context/grid/chamado');
    await grid.waitForRows();
    const offer = first.page
      .getByRole('status')
      .filter({ hasText: 'Outro usuário alterou registros deste assunto.' });
    const comesBack = async () => {
      const reread = first.page.waitForResponse((r) => r.url().includes('/api/talk/filter/chamado'));
      await releaseRealtimeSockets(first.page);
      await reread;
    };

    // Cut and back with nothing changed: the page is read again, and nothing is offered.
    await cutRealtimeSockets(first.page);
    await comesBack();
    expect(await offer.count()).toBe(0);

    // Cut, another person saves a record on the page, back: the offer shows, the rows stay.
    await cutRealtimeSockets(first.page);
    const target = (await grid.ids())[1] ?? 0;
    const current = await api<ApiTalk>(agentToken, 'GET', `/api/talk/chamado/${String(target)}`);
    await api(agentToken, 'PUT', `/api/talk/chamado/${String(target)}`, {
      subject: 'chamado',
      talkId: target,
      version: current.version,
      talkValues: [{ subjectAttributeIdentifier: 'solicitante', value: 'Mudado sem conexão' }],
    });
    await comesBack();
    await offer.waitFor();
    await screenshot(first.page, 'records-grid-offer-after-reconnect');
    expect(await grid.cell(target, 'Solicitante').textContent()).not.toBe('Mudado sem conexão');
    await offer.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => grid.cell(target, 'Solicitante').textContent()).toBe('Mudado sem conexão');
    await first.context.close();
  });

  it('shows a customer only what its room allows', async () => {
    const { context, page } = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Chamado', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Campos de exemplo', exact: true }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Tarefa', exact: true }).count()).toBe(0);

    const grid = new GridPage(page, 'Chamado');
    await menu.getByRole('link', { name: 'Chamado', exact: true }).click();
    await grid.waitForRows();
    const token = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const mine = await page1(token, {});
    expect(mine.totalResults).toBeLessThan(300);
    await expect
      .poll(() => grid.range())
      .toBe(`1–${Math.min(50, mine.totalResults)} de ${mine.totalResults}`);
    expect(new Set(await grid.column('Cliente')).size).toBe(1);
    // No delete nor deactivate for this room.
    expect(await grid.button('Excluir').count()).toBe(0);
    expect(await grid.button('Desativar').count()).toBe(0);
    await screenshot(page, 'records-grid-customer');

    await page.goto(`${suite.server.url}/context/grid/tarefa`);
    await page.getByText('Assunto não encontrado ou sem permissão de acesso.').waitFor();
    const other = (await page1(await adminToken(), {})).itens.find(
      (t) => !mine.itens.some((m) => m.talkId === t.talkId),
    );
    await page.goto(`${suite.server.url}/context/form/chamado/${other?.talkId ?? 0}`);
    await page.getByText('Registro não encontrado ou sem permissão de acesso.').waitFor();
    await context.close();
  });
});
