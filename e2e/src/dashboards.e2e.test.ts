import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AggregateResponse } from '@talkbase/domain/contracts/aggregates';
import type { Dashboard, DashboardSummary, DashboardWidget } from '@talkbase/domain/contracts/dashboards';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { screenshot } from './browser.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { releaseRealtimeSockets, steerRealtimeSockets } from './realtime-sockets.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api, answer } = suiteApi(suite);

/** pt-BR as the screen writes a measured value: 1.234, or one decimal (12,5). */
const ptBR = (n: number | null | undefined) =>
  n === null || n === undefined
    ? '–'
    : new Intl.NumberFormat('pt-BR', { maximumFractionDigits: Number.isInteger(n) ? 0 : 1 }).format(n);

/** The aggregate call a widget stands for, written here from the widget's own fields. */
const aggregateBody = (w: DashboardWidget) => ({
  ...(w.filterId ? { filterIds: [w.filterId] } : {}),
  ...(w.filterJson ? { filterJson: w.filterJson } : {}),
  groupBy: w.kind === 'number' ? [] : w.groupBy,
  measures: [w.measure],
  ...(w.top && w.kind !== 'number' ? { top: w.top } : {}),
});

const widgetCard = (page: Page, w: DashboardWidget): Locator =>
  page.locator(`section[data-widget="${w.key}"]`);

/** A widget's groups as its table shows them: [label, value] per row. */
/** A pattern for the start of a group's name as a chart writes it (no-break spaces, long names cut). */
const nameStart = (label: string) =>
  label
    .slice(0, 12)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/ /g, '[ \u00a0]');

async function tableOf(card: Locator): Promise<[string, string][]> {
  await card.locator('table tbody tr').first().waitFor();
  return card
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim()) as [string, string]),
    );
}

/** The grid's footer total ("1–50 de 300" → 300) once its rows have loaded. */
async function gridTotal(grid: GridPage): Promise<number> {
  await grid.waitForRows();
  let range = '';
  await expect.poll(async () => (range = await grid.range()), { timeout: 15_000 }).toMatch(/de \d[\d.]*$/);
  return Number((/de ([\d.]+)$/.exec(range)?.[1] ?? '').replace(/\./g, ''));
}

describe('dashboards', { timeout: 300_000 }, () => {
  it('the demo "Suporte" dashboard reads what the aggregate API and the grid count', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await api<DashboardSummary[]>(admin, 'GET', '/api/dashboard');
    const summary = list.find((d) => d.name === 'Suporte');
    if (!summary) throw new Error('the demo workspace has no "Suporte" dashboard');
    const dashboard = await api<Dashboard>(admin, 'GET', `/api/dashboard/${summary.dashboardId}`);
    const answers = new Map<string, AggregateResponse>();
    for (const w of dashboard.widgets) {
      answers.set(
        w.key,
        await api<AggregateResponse>(admin, 'POST', `/api/talk/aggregate/${w.subject}`, aggregateBody(w)),
      );
    }
    const gridCount = async (w: DashboardWidget, extra: Record<string, unknown> = {}) =>
      (
        await api<PagedTalks>(admin, 'POST', `/api/talk/filter/${w.subject}/`, {
          fetch: 1,
          ...(w.filterId ? { filterIds: [w.filterId] } : {}),
          ...(w.filterJson ? { filterJson: w.filterJson } : {}),
          ...extra,
        })
      ).totalResults;

    // ---- the screen: 'Painéis' from the side menu, then "Suporte" in the picker ----------------
    const { context, page, shell } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/',
    );
    await shell.sideMenu.getByRole('link', { name: 'Painéis' }).click();
    await page.getByRole('heading', { name: 'Painéis', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Painel', exact: true }).click();
    await page.getByRole('option', { name: /^Suporte/ }).click();
    await page.waitForURL(new RegExp(`/dashboard/${summary.dashboardId}$`));
    await page.getByRole('heading', { name: 'Suporte', level: 2 }).waitFor();

    // ---- every number, as the API counts it; counts as the grid counts them ----------------
    const numbers = dashboard.widgets.filter((w) => w.kind === 'number');
    expect(numbers.length).toBeGreaterThan(0);
    for (const w of numbers) {
      const shown = widgetCard(page, w).getByTestId('widget-number');
      await expect
        .poll(() => shown.textContent(), { timeout: 15_000 })
        .toBe(ptBR(answers.get(w.key)?.total[0]));
      if (w.measure.fn === 'count') expect(answers.get(w.key)?.total[0]).toBe(await gridCount(w));
    }

    // ---- every chart and table: its groups as the API answers them ---------------------------
    for (const w of dashboard.widgets.filter((x) => x.kind !== 'number')) {
      const card = widgetCard(page, w);
      const answer = answers.get(w.key);
      if (!answer) throw new Error(`no answer for ${w.key}`);
      if (answer.groups.length === 0) {
        await card.getByText('Nenhum registro').waitFor();
        continue;
      }
      if (w.kind !== 'table') {
        await card.locator('.recharts-surface').first().waitFor();
        await card.getByRole('button', { name: 'Ver como tabela' }).click();
      }
      const rows = await tableOf(card);
      const expected = answer.groups.map(
        (g) => [g.labels.join(' · '), ptBR(g.values[0])] as [string, string],
      );
      // Tables show the largest first (the API's `top` answers them so); charts keep the API's order.
      expect(rows).toEqual(expected);
      if (w.kind === 'table') {
        const values = rows.map(([, v]) => Number(v.replace(/\./g, '').replace(',', '.')));
        expect(values).toEqual([...values].sort((a, b) => b - a));
      } else {
        await card.getByRole('button', { name: 'Ver como gráfico' }).click();
        await card.locator('.recharts-surface').first().waitFor();
      }
    }
    await bothModes(page, 'dashboard-suporte');

    // ---- a bar opens the grid with its group: the grid's total is the bar's count -----------
    const bar = dashboard.widgets.find((w) => w.kind === 'bar' && w.measure.fn === 'count');
    const barAnswer = bar ? answers.get(bar.key) : undefined;
    if (!bar || !barAnswer || barAnswer.groups.length === 0)
      throw new Error('"Suporte" has no bar of counts');
    // Every group is named on the chart itself, one line each (10 statuses lie as bars beside their names).
    const names = widgetCard(page, bar).locator('.recharts-cartesian-axis-tick-value');
    const unnamed = async () => {
      const shown = await names.allTextContents();
      return barAnswer.groups
        .map((g) => g.labels.join(' · '))
        .filter((label) => !shown.some((text) => new RegExp(`^${nameStart(label)}`).test(text)));
    };
    await expect.poll(unnamed).toEqual([]);
    const firstBar = widgetCard(page, bar)
      .locator('.recharts-bar-rectangle path, .recharts-bar-rectangle')
      .first();
    await firstBar.waitFor();
    await firstBar.click();
    await page.waitForURL(/\/context\/grid\/chamado\?.*where=/);
    const grid = new GridPage(page, 'Chamado');
    expect(await gridTotal(grid)).toBe(barAnswer.groups[0]?.values[0]);

    // ---- a number opens the grid of its records: the footer's total is the number ------------
    const openCount = numbers.find((w) => w.measure.fn === 'count');
    if (openCount) {
      await page.goBack();
      await widgetCard(page, openCount).getByTestId('widget-number').getByRole('link').click();
      await page.waitForURL(/\/context\/grid\/chamado/);
      expect(await gridTotal(grid)).toBe(answers.get(openCount.key)?.total[0]);
    }

    // ---- a table row is a link to its group's records (keyboard: Tab to it, Enter) -----------
    const table = dashboard.widgets.find((w) => w.kind === 'table' && w.measure.fn === 'count');
    if (table) {
      await page.goto(`${suite.server.url}/dashboard/${summary.dashboardId}`);
      const firstRow = widgetCard(page, table).locator('table tbody tr').first();
      await firstRow.waitFor();
      const [label = '', value = ''] = (await tableOf(widgetCard(page, table)))[0] ?? [];
      await firstRow.getByRole('link').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/context\/grid\/chamado\?.*where=/);
      expect(await gridTotal(grid)).toBe(Number(value.replace(/\./g, '')));
      expect(label).not.toBe('');
    }

    // ---- the table at the bottom, and the settings an administrator edits (rooms to publish to) --
    await page.goto(`${suite.server.url}/dashboard/${summary.dashboardId}`);
    if (table) {
      await widgetCard(page, table).locator('table tbody tr').first().waitFor();
      await widgetCard(page, table).scrollIntoViewIfNeeded();
      await bothModes(page, 'dashboard-suporte-table');
    }
    await page.getByRole('button', { name: 'Editar painel' }).click();
    await page.getByRole('button', { name: 'Configurações do painel' }).click();
    const settings = page.getByRole('dialog', { name: 'Configurações do painel' });
    await settings.getByText('Publicar para os perfis de acesso').waitFor();
    await bothModes(page, 'dashboard-settings');
    await settings.getByRole('button', { name: 'Cancelar' }).click();
    await settings.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Concluir edição' }).click();

    // ---- live: a ticket opened elsewhere is counted without reloading the page ----------------
    if (openCount) {
      await page.goto(`${suite.server.url}/dashboard/${summary.dashboardId}`);
      const shown = widgetCard(page, openCount).getByTestId('widget-number');
      const before = answers.get(openCount.key)?.total[0] ?? 0;
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe(ptBR(before));
      const created = await answer<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
        talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Chamado aberto durante o painel' }],
      });
      expect(created.status).toBe(201);
      const after = await api<AggregateResponse>(
        admin,
        'POST',
        `/api/talk/aggregate/${openCount.subject}`,
        aggregateBody(openCount),
      );
      expect(after.total[0]).toBe(before + 1);
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe(ptBR(after.total[0]));

      // ---- a ticket opened after the page read its counts but before its connection opened ------
      // (nothing is pushed to a socket not yet open): counted once the connection opens.
      await steerRealtimeSockets(context, { held: true });
      await page.goto(`${suite.server.url}/dashboard/${summary.dashboardId}`);
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe(ptBR(after.total[0]));
      const unseen = await answer<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
        talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Chamado aberto antes da conexão' }],
      });
      expect(unseen.status).toBe(201);
      await releaseRealtimeSockets(page);
      await expect.poll(() => shown.textContent(), { timeout: 15_000 }).toBe(ptBR((after.total[0] ?? 0) + 1));
    }
    await context.close();
  });

  it('a user makes a personal dashboard and its widgets in the screen; widgets show loading and error states', async () => {
    const { email, password } = suite.customer;
    const token = await signInByApi(suite.server, email, password);
    const { context, page } = await signedIn(suite.browser, suite.server, email, password, '/dashboard');
    await page.getByRole('heading', { name: 'Painéis', level: 1 }).waitFor();

    // ---- 'Novo painel': no name is refused, then a home dashboard with no widgets ----------------
    await page.getByRole('button', { name: 'Novo painel' }).click();
    const form = page.getByRole('dialog', { name: 'Novo painel' });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Informe o nome do painel.').waitFor();
    // An ordinary user publishes to no room: the field is not offered.
    expect(await form.getByText('Publicar para os perfis de acesso').count()).toBe(0);
    await form.getByRole('textbox', { name: 'Nome do painel' }).fill('Meus chamados');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Meus chamados', level: 2 }).waitFor();
    await page.getByText('Este painel ainda não tem indicadores.').waitFor();
    await bothModes(page, 'dashboard-empty');

    const mine = (await api<DashboardSummary[]>(token, 'GET', '/api/dashboard')).find(
      (d) => d.name === 'Meus chamados',
    );
    expect(mine).toMatchObject({ roomIds: [], canEdit: true });

    // ---- 'Adicionar indicador': a number of the user's tickets -----------------------------------
    await page.getByRole('button', { name: 'Editar painel' }).click();
    await page.getByRole('button', { name: 'Adicionar indicador' }).click();
    const widgetForm = page.getByRole('dialog', { name: 'Adicionar indicador' });
    await widgetForm.getByRole('textbox', { name: 'Título' }).fill('Meus chamados');
    await widgetForm.getByRole('combobox', { name: 'Tipo', exact: true }).click();
    await page.getByRole('option', { name: 'Número', exact: true }).click();
    await widgetForm.getByRole('combobox', { name: 'Assunto', exact: true }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await bothModes(page, 'dashboard-widget-form');
    await widgetForm.getByRole('button', { name: 'Salvar' }).click();
    await widgetForm.waitFor({ state: 'hidden' });

    const mineCount = await api<AggregateResponse>(token, 'POST', '/api/talk/aggregate/chamado', {
      groupBy: [],
      measures: [{ fn: 'count' }],
    });
    const total = await api<PagedTalks>(token, 'POST', '/api/talk/filter/chamado/', { fetch: 1 });
    expect(mineCount.total[0]).toBe(total.totalResults);
    const number = page.getByTestId('widget-number');
    await expect.poll(() => number.textContent(), { timeout: 15_000 }).toBe(ptBR(mineCount.total[0]));

    // ---- edit it into bars by status, read it back from the server ---------------------------------
    await page.getByRole('button', { name: 'Editar Meus chamados' }).click();
    const editForm = page.getByRole('dialog', { name: 'Editar indicador' });
    await editForm.getByRole('textbox', { name: 'Título' }).fill('Por situação');
    await editForm.getByRole('combobox', { name: 'Tipo', exact: true }).click();
    await page.getByRole('option', { name: 'Barras', exact: true }).click();
    await editForm.getByRole('combobox', { name: 'Agrupar por', exact: true }).click();
    await page.getByRole('option', { name: 'Situação', exact: true }).click();
    await editForm.getByRole('button', { name: 'Salvar' }).click();
    await editForm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Concluir edição' }).click();
    const saved = await api<Dashboard>(token, 'GET', `/api/dashboard/${mine?.dashboardId ?? 0}`);
    expect(saved.widgets).toHaveLength(1);
    expect(saved.widgets[0]).toMatchObject({
      title: 'Por situação',
      kind: 'bar',
      subject: 'chamado',
      groupBy: [{ attribute: 'situacao' }],
      measure: { fn: 'count' },
    });
    const byStatus = await api<AggregateResponse>(token, 'POST', '/api/talk/aggregate/chamado', {
      groupBy: [{ attribute: 'situacao' }],
      measures: [{ fn: 'count' }],
    });
    const card = page.locator(`section[data-widget="${saved.widgets[0]?.key ?? ''}"]`);
    if (byStatus.groups.length === 0) await card.getByText('Nenhum registro').waitFor();
    else {
      await card.getByRole('button', { name: 'Ver como tabela' }).click();
      expect(await tableOf(card)).toEqual(
        byStatus.groups.map((g) => [g.labels.join(' · '), ptBR(g.values[0])]),
      );
    }

    // ---- loading, then an error with 'Tentar novamente' that recovers -----------------------------
    let failing = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/talk/aggregate/**', async (route) => {
      await held;
      if (failing)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'Serviço indisponível.' }] }),
        });
      else await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Meus chamados', level: 2 }).waitFor();
    await card.locator('[aria-label="Carregando…"]').waitFor();
    await screenshot(page, 'dashboard-widget-loading-day');
    release();
    await card.getByRole('alert').waitFor({ timeout: 20_000 });
    await card.getByText('Não foi possível carregar este indicador.').waitFor();
    await bothModes(page, 'dashboard-widget-error');
    failing = false;
    await card.getByRole('button', { name: 'Tentar novamente' }).click();
    await card.getByRole('alert').waitFor({ state: 'detached' });
    await page.unroute('**/api/talk/aggregate/**');

    // ---- remove the widget and the dashboard ---------------------------------------------------------
    await page.getByRole('button', { name: 'Editar painel' }).click();
    await page.getByRole('button', { name: 'Remover Por situação' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Este painel ainda não tem indicadores.').waitFor();
    await page.getByRole('button', { name: 'Excluir painel' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    // Gone: the screen goes on to the dashboards left (the company's "Suporte" for this room).
    await page.getByRole('heading', { name: 'Meus chamados', level: 2 }).waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.pathname.endsWith(`/dashboard/${mine?.dashboardId ?? 0}`));
    expect(
      (await api<DashboardSummary[]>(token, 'GET', '/api/dashboard')).some((d) => d.name === 'Meus chamados'),
    ).toBe(false);

    // ---- the company's dashboard removed by an administrator while shown: this screen hears it ------
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const left = await api<DashboardSummary[]>(token, 'GET', '/api/dashboard');
    expect(left.map((d) => d.name)).toEqual(['Suporte']);
    await page.getByRole('heading', { name: 'Suporte', level: 2 }).waitFor();
    const removed = await answer(admin, 'DELETE', `/api/dashboard/${left[0]?.dashboardId ?? 0}`);
    expect(removed.status).toBe(204);
    // The one shown is gone (the screen hears DashboardChanged); the list has none left.
    await page.getByText('Painel não encontrado.').waitFor();
    await page.getByRole('button', { name: 'Ver meus painéis' }).click();
    await page.getByText('Você ainda não tem painéis.').waitFor();
    await bothModes(page, 'dashboard-none');

    // ---- the list fails to load: the error, and 'Tentar novamente' ----------------------------------
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'Serviço indisponível.' }] }),
      }),
    );
    await page.reload();
    await page
      .getByText('Ocorreu um erro ao carregar os painéis. Por favor, tente novamente.')
      .waitFor({ timeout: 30_000 });
    await bothModes(page, 'dashboard-list-error');
    await page.unroute('**/api/dashboard');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByText('Você ainda não tem painéis.').waitFor();
    await context.close();
  });
});
