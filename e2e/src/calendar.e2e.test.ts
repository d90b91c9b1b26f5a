import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// Issue 38 item 3: the calendar view of a subject's records.
const suite = useSuite();
const { ok: api, answer } = suiteApi(suite);

/** The calendar has its records (nothing loading). */
async function loaded(page: Page): Promise<void> {
  await page.locator('section.calendar-screen[aria-busy="false"]').waitFor();
}

/** A mouse drag from an entry to a day or time cell, in small steps (the drag starts after 6 pixels). */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error('entry not on screen');
  await page.mouse.move(a.x + 12, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 22, a.y + a.height / 2 + 8, { steps: 4 });
  const b = await to.boundingBox();
  if (!b) throw new Error('cell not on screen');
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** A day's date in São Paulo (the company's zone) `offset` days from today, as YYYY-MM-DD. */
function spDate(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + offset * 86_400_000));
}

describe('calendar view', { timeout: 240_000 }, () => {
  it('places records by a date, reschedules one by dragging and one from the keyboard, refuses a stale move, and shows the change in the grid', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api(admin, 'POST', '/api/subject', {
      identifier: 'tipovisita',
      name: 'Tipo de visita',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true }],
    });
    const kindIds: number[] = [];
    for (const nome of ['Comercial', 'Técnica']) {
      const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/tipovisita', {
        talkValues: [{ subjectAttributeIdentifier: 'nome', value: nome }],
      });
      kindIds.push(created.resourceId);
    }
    await api(admin, 'POST', '/api/subject', {
      identifier: 'visita',
      name: 'Visita',
      attributes: [
        { identifier: 'cliente', name: 'Cliente', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'data', name: 'Data da visita', componentId: 32, isOrderable: true },
        { identifier: 'inicio', name: 'Início', componentId: 11, isOrderable: true },
        { identifier: 'tipo', name: 'Tipo', componentId: 4, relatedSubject: 'tipovisita' },
      ],
    });
    const visit = async (cliente: string, data: string, tipo: number, inicio?: string) =>
      (
        await api<{ resourceId: number }>(admin, 'POST', '/api/talk/visita', {
          talkValues: [
            { subjectAttributeIdentifier: 'cliente', value: cliente },
            { subjectAttributeIdentifier: 'data', value: data },
            { subjectAttributeIdentifier: 'tipo', value: tipo },
            ...(inicio ? [{ subjectAttributeIdentifier: 'inicio', value: inicio }] : []),
          ],
        })
      ).resourceId;
    const [comercial = 0, tecnica = 0] = kindIds;
    const padaria = await visit('Padaria Central', '2027-03-10', comercial, '2027-03-10T13:00:00.000Z');
    const mercado = await visit('Mercado Sul', '2027-03-10', tecnica);
    for (let i = 1; i <= 5; i++) await visit(`Loja ${i}`, '2027-03-12', i % 2 ? comercial : tecnica);
    const read = (id: number) => api<ApiTalk>(admin, 'GET', `/api/talk/visita/${id}`);

    // From the grid, "Calendário" opens the view; the period goes into the address.
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/context/grid/visita',
    );
    try {
      const grid = new GridPage(page, 'Visita');
      await grid.waitForRows();
      await page
        .getByRole('group', { name: 'Modo de exibição' })
        .getByRole('link', { name: 'Calendário' })
        .click();
      await page.getByRole('region', { name: 'Calendário de Visita' }).waitFor();
      await loaded(page);
      await page.goto(`${suite.server.url}/context/calendar/visita?by=data&date=2027-03-01&mode=month`);
      await loaded(page);
      const calendar = page.getByRole('region', { name: 'Calendário de Visita' });
      await calendar.getByRole('heading', { name: 'Março de 2027' }).waitFor();
      const day = (label: RegExp) => calendar.getByRole('group', { name: label });
      const tenth = day(/^quarta-feira, 10 de março de 2027/);
      const entry = (scope: Locator, name: string) => scope.locator('.calendar-entry', { hasText: name });
      await entry(tenth, 'Padaria Central').waitFor();
      await entry(tenth, 'Mercado Sul').waitFor();
      // A crowded day shows three and "+2 mais"; the legend names the colours of "Tipo".
      const twelfth = day(/^sexta-feira, 12 de março de 2027/);
      expect(await twelfth.locator('.calendar-entry').count()).toBe(3);
      await twelfth.getByRole('button', { name: '+2 mais em sexta-feira, 12 de março de 2027' }).waitFor();
      const legend = calendar.getByRole('list', { name: 'Legenda' });
      expect(await legend.getByRole('listitem').allTextContents()).toEqual(['Comercial', 'Técnica']);
      await bothModes(page, 'calendar-month');

      // Dragged from the 10th to the 17th: saved with its version, seen by the API and the grid.
      const before = await read(padaria);
      await drag(page, entry(tenth, 'Padaria Central'), day(/^quarta-feira, 17 de março de 2027/));
      await page
        .getByRole('region', { name: 'Notificações' })
        .getByText('Padaria Central remarcado para 17/03/2027.')
        .waitFor();
      await expect.poll(async () => talkValue(await read(padaria), 'data')).toBe('2027-03-17');
      expect((await read(padaria)).version).toBe(before.version + 1);
      await entry(day(/^quarta-feira, 17 de março de 2027/), 'Padaria Central').waitFor();

      // From the keyboard: the entry's menu, "Mudar data…", a date typed in.
      await calendar.getByRole('button', { name: 'Ações de Mercado Sul' }).focus();
      await page.keyboard.press('Enter');
      const changeDate = page.getByRole('menuitem', { name: 'Mudar data…' });
      await changeDate.waitFor();
      const focused = () => changeDate.evaluate((el) => el === document.activeElement);
      for (let i = 0; i < 3 && !(await focused()); i++) await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Mudar data de Mercado Sul' });
      await dialog.getByLabel('Nova data').fill('2027-03-24');
      await bothModes(page, 'calendar-change-date');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => talkValue(await read(mercado), 'data')).toBe('2027-03-24');
      await entry(day(/^quarta-feira, 24 de março de 2027/), 'Mercado Sul').waitFor();

      // Someone else saves Mercado Sul while the move is on its way (the other save lands just
      // before the browser's request reaches the server, so the calendar's version is stale
      // whatever it had refreshed before): the move is refused with 409, put back, and the reason said.
      const movePath = `/api/talk/visita/${mercado}`;
      let otherSave: Promise<unknown> | undefined;
      await page.route(`**${movePath}`, async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        otherSave ??= read(mercado).then((current) =>
          api(admin, 'PUT', movePath, {
            version: current.version,
            talkValues: [{ subjectAttributeIdentifier: 'cliente', value: 'Mercado Sul Ltda' }],
          }),
        );
        await otherSave;
        await route.fallback();
      });
      await drag(
        page,
        entry(day(/^quarta-feira, 24 de março de 2027/), 'Mercado Sul'),
        day(/^quinta-feira, 25 de março de 2027/),
      );
      await page
        .getByRole('region', { name: 'Notificações' })
        .getByText('Outro usuário alterou este registro. O calendário foi atualizado; tente de novo.')
        .waitFor();
      await page.unroute(`**${movePath}`);
      await entry(day(/^quarta-feira, 24 de março de 2027/), 'Mercado Sul Ltda').waitFor();
      expect(talkValue(await read(mercado), 'data')).toBe('2027-03-24');

      // A day's "+": a new record on that day.
      const fifth = day(/^sexta-feira, 5 de março de 2027/);
      await fifth.getByRole('button', { name: 'Novo registro em sexta-feira, 5 de março de 2027' }).click();
      const form = page.getByRole('dialog', { name: 'Novo registro: Visita' });
      await form.getByRole('textbox', { name: 'Cliente' }).fill('Açougue Leste');
      await form.getByRole('button', { name: 'OK', exact: true }).click();
      await form.waitFor({ state: 'hidden' });
      await entry(fifth, 'Açougue Leste').waitFor();
      const made = (
        await api<PagedTalks>(admin, 'POST', '/api/talk/filter/visita/', { fetch: 1, term: 'Açougue' })
      ).itens[0];
      expect(made && talkValue(made, 'data')).toBe('2027-03-05');

      // The grid shows the new dates.
      await grid.open(suite.server.url, '/context/grid/visita');
      const dates = new Map<number, string>();
      const ids = await grid.ids();
      const shown = await grid.column('Data da visita');
      ids.forEach((id, i) => dates.set(id, shown[i] ?? ''));
      expect(dates.get(padaria)).toBe('17/03/2027');
      expect(dates.get(mercado)).toBe('24/03/2027');

      // Week view by the date-time: the entry sits in its hour (10:00 in São Paulo); dragged to
      // 14:00 of the next day it keeps its minutes.
      await page.goto(`${suite.server.url}/context/calendar/visita?by=inicio&date=2027-03-10&mode=week`);
      await loaded(page);
      await calendar.getByRole('heading', { name: '07/03/2027 – 13/03/2027' }).waitFor();
      const at = (label: string) => calendar.getByRole('group', { name: label, exact: true });
      const ten = at('quarta-feira, 10 de março de 2027, 10:00');
      await entry(ten, 'Padaria Central').waitFor();
      await bothModes(page, 'calendar-week');
      await drag(page, entry(ten, 'Padaria Central'), at('quinta-feira, 11 de março de 2027, 14:00'));
      await expect
        .poll(async () => talkValue(await read(padaria), 'inicio'))
        .toBe('2027-03-11T17:00:00.000Z');

      // The day view, through the day's name; and the period survives a reload.
      await calendar.getByRole('button', { name: 'quinta-feira, 11 de março de 2027' }).click();
      await calendar
        .getByRole('heading', { name: 'Quinta-feira, 11 de março de 2027', exact: true })
        .waitFor();
      await page.reload();
      await loaded(page);
      await entry(at('quinta-feira, 11 de março de 2027, 14:00'), 'Padaria Central').waitFor();
      await bothModes(page, 'calendar-day');

      // An empty period says so.
      await page.getByRole('button', { name: 'Próximo período' }).click();
      await calendar.getByText('Nenhum registro neste período.').waitFor();
      await bothModes(page, 'calendar-empty');

      // Loading, then an error the user can retry.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/talk/filter/visita/**', async (route) => {
        await held;
        await route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ message: 'Falha simulada.' }] }),
        });
      });
      await page.goto(`${suite.server.url}/context/calendar/visita?by=data&date=2027-05-01&mode=month`);
      await calendar.getByText('Carregando o calendário…').waitFor();
      await bothModes(page, 'calendar-loading');
      release();
      await calendar
        .getByRole('alert')
        .getByText('Ocorreu um erro ao carregar o calendário. Por favor, tente novamente.')
        .waitFor();
      await bothModes(page, 'calendar-error');
      await page.unroute('**/api/talk/filter/visita/**');
      await calendar.getByRole('button', { name: 'Tentar novamente' }).click();
      await calendar.getByText('Nenhum registro neste período.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows how many places each time-window slot has taken against its capacity', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api(admin, 'POST', '/api/subject', {
      identifier: 'entrega',
      name: 'Entrega',
      attributes: [
        { identifier: 'carga', name: 'Carga', componentId: 1, isRequired: true },
        {
          identifier: 'janela',
          name: 'Janela',
          componentId: 28,
          componentConfigs: {
            openingTime: '08:00',
            closingTime: '10:00',
            slotMinutes: 60,
            capacity: 2,
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            holidays: false,
          },
        },
      ],
    });
    const tomorrow = spDate(1);
    const created = await answer<{ resourceId: number }>(admin, 'POST', '/api/talk/entrega', {
      talkValues: [
        { subjectAttributeIdentifier: 'carga', value: 'Carga 001' },
        {
          subjectAttributeIdentifier: 'janela',
          value: { date: tomorrow, time: '08:00', contingency: false },
        },
      ],
    });
    expect(created.status).toBe(201);

    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      `/context/calendar/entrega?date=${tomorrow}&mode=day`,
    );
    try {
      await loaded(page);
      const calendar = page.getByRole('region', { name: 'Calendário de Entrega' });
      const eight = calendar.locator(`[data-date="${tomorrow}"][data-time="08:00"]`);
      await eight.locator('.calendar-entry', { hasText: 'Carga 001' }).waitFor();
      const nine = calendar.locator(`[data-date="${tomorrow}"][data-time="09:00"]`);
      await eight.getByText('1 de 2 vagas ocupadas').waitFor();
      await nine.getByText('0 de 2 vagas ocupadas').waitFor();
      await bothModes(page, 'calendar-time-window');

      // Dragged to 09:00: the slot is saved, and the places follow.
      await drag(page, eight.locator('.calendar-entry', { hasText: 'Carga 001' }), nine);
      await expect
        .poll(async () => {
          const list = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/entrega/', { fetch: 5 });
          return talkValue(list.itens[0] ?? { talkValues: [] }, 'janela');
        })
        .toEqual({ date: tomorrow, time: '09:00', contingency: false });
      await nine.getByText('1 de 2 vagas ocupadas').waitFor();
      await eight.getByText('0 de 2 vagas ocupadas').waitFor();
      await nine.locator('.calendar-entry', { hasText: 'Carga 001' }).waitFor();

      // A click on an entry opens its record.
      await nine.getByRole('link', { name: /Carga 001/ }).click();
      await page.waitForURL(`**/context/talk/entrega/${created.body.resourceId}`);
    } finally {
      await context.close();
    }
  });
});
