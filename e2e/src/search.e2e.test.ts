import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SearchPage } from '@talkbase/domain/contracts/search';
import type { RoomDetail } from '@talkbase/domain/contracts/rooms';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { RecordFormPage, UPDATED } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };

const suite = useSuite({ SEED: 'demo' });

const { ok: api } = suiteApi(suite);

/** Searches from the top bar's box, reached by its shortcut, as a user would. */
async function searchFromTopBar(page: Page, term: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Buscar em todos os registros' });
  await box.waitFor();
  expect(await box.getAttribute('title')).toBe('Buscar em todos os registros (Alt+K)');
  await page.keyboard.press('Alt+KeyK');
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(term, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect.poll(() => pathname(page)).toBe('/search/');
}

describe('global search (issue 14 item 1)', () => {
  it('finds a ticket by a word of its description typed without accents and opens it in the modal', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const own = (await api<PagedTalks>(admin, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })).itens[0];
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Servidor de arquivos inacessível' },
        { subjectAttributeIdentifier: 'cliente', value: own?.talkId },
        { subjectAttributeIdentifier: 'solicitante', value: 'Joana Prado' },
        {
          subjectAttributeIdentifier: 'descricao',
          value: 'Após a migração o compartilhamento ficou inacessível para a contabilidade.',
        },
      ],
    });
    const { context, page } = await signedIn(suite.browser, suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);

    await searchFromTopBar(page, 'migracao compartilhamento');
    const group = page.getByRole('region', { name: 'Chamado' });
    const result = group.getByRole('button', { name: new RegExp(`^#${created.resourceId} `) });
    await result.waitFor();
    expect(await page.getByText('1 resultado', { exact: true }).count()).toBe(1);
    expect(await result.locator('mark').allTextContents()).toEqual(['migração', 'compartilhamento']);
    expect(await result.textContent()).toContain('Descrição:');
    await bothModes(page, 'search-results');

    // The 300 demo tickets share a sentence: paged 10 at a time, then 50.
    await searchFromTopBar(page, 'ultima atualizacao');
    await page.getByText('300 resultados', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^#\d+ / }).count()).toBe(10);
    await page.getByRole('combobox', { name: 'Resultados por página' }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^#\d+ / }).count()).toBe(50);

    // Opened in 'Resultado da Busca', in the talk scenario; an update reloads the results on close.
    await searchFromTopBar(page, 'migracao compartilhamento');
    await result.click();
    const dialog = page.getByRole('dialog', { name: 'Resultado da Busca' });
    await dialog.waitFor();
    const form = new RecordFormPage(page);
    await form.waitUntilReady();
    expect(await form.shownValue('Título')).toBe('Servidor de arquivos inacessível');
    expect(await dialog.getByRole('navigation', { name: 'Áreas do registro' }).count()).toBe(1);
    await bothModes(page, 'search-result-modal');
    await form.type('Descrição', 'Resolvido: permissões da pasta refeitas.');
    await form.save();
    await form.waitForNotice(UPDATED);
    await page.keyboard.press('Escape');
    await page.getByText('Nenhum resultado encontrado para "migracao compartilhamento".').waitFor();
    await context.close();
  });

  it("never shows the customer another company's records", async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customer = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const ownClient = (await api<PagedTalks>(customer, 'POST', '/api/talk/filter/cliente/', { fetch: 10 }))
      .itens;
    expect(ownClient).toHaveLength(1);
    const own = ownClient[0]?.talkId ?? 0;
    const ownTickets = await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', {
      fetch: 1,
      filterJson: { attribute: 'cliente', operator: 'equal', value: own },
    });
    // Another company, by its name: the administrator finds it, the customer does not.
    const others = (await api<PagedTalks>(admin, 'POST', '/api/talk/filter/cliente/', { fetch: 5 })).itens;
    const other = others.find((c) => c.talkId !== own);
    const otherName = other ? (talkValue(other, 'nome') as string) : '';
    expect(
      (await api<SearchPage>(admin, 'GET', `/api/search?q=${encodeURIComponent(otherName)}`)).itens.map(
        (i) => `${i.subject}:${i.talkId}`,
      ),
    ).toContain(`cliente:${other?.talkId ?? 0}`);

    const { context, page } = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    await searchFromTopBar(page, 'ultima atualizacao');
    await page
      .getByText(`${ownTickets.totalResults} resultado${ownTickets.totalResults === 1 ? '' : 's'}`, {
        exact: true,
      })
      .waitFor();
    // Every ticket listed is the customer's company's.
    const seen = await api<SearchPage>(customer, 'GET', '/api/search?q=ultima%20atualizacao&fetch=500');
    expect(seen.totalResults).toBe(ownTickets.totalResults);
    for (const item of seen.itens) {
      expect(item.subject).toBe('chamado');
      const ticket = await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${item.talkId}`);
      expect(talkValue(ticket, 'cliente')).toBe(own);
    }
    await bothModes(page, 'search-customer');

    await searchFromTopBar(page, otherName);
    await page.getByText(`Nenhum resultado encontrado para "${otherName}".`).waitFor();
    await context.close();
  });

  it('never finds for the customer a value only a field it may not read holds', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const customer = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const own = (await api<PagedTalks>(customer, 'POST', '/api/talk/filter/cliente/', { fetch: 1 })).itens[0];
    const created = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Backup noturno falhou' },
        { subjectAttributeIdentifier: 'cliente', value: own?.talkId },
        { subjectAttributeIdentifier: 'solicitante', value: 'Joana Prado' },
        { subjectAttributeIdentifier: 'ofensor', value: 'Quimerafantasma interno' },
      ],
    });
    const ticket = await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${created.resourceId}`);
    const ofensor = ticket.talkValues.find(
      (v) => v.subjectAttributeIdentifier === 'ofensor',
    )?.subjectAttributeId;
    // Room 1196 keeps every other permission and loses reading 'Ofensor'.
    const room = await api<RoomDetail>(admin, 'GET', '/api/room/1196');
    await api(admin, 'PUT', '/api/room/1196', {
      roomName: room.roomName,
      displayName: room.displayName,
      color: room.color,
      permissions: {
        subjects: room.subjects.map((s) => ({
          resourceId: s.resourceId,
          actions: s.actions,
          filter: s.filter,
          permissions: s.permissions.map((p) =>
            p.resourceId === ofensor ? { ...p, actions: p.actions.filter((a) => a !== 'read') } : p,
          ),
        })),
        menus: room.menus,
      },
      sharedTalks: room.sharedTalks,
      connectedRooms: room.connectedRooms,
      roomFilters: room.roomFilters,
      roomNotifications: room.roomNotifications,
      requireDigitalSignature: room.requireDigitalSignature,
      version: room.version,
    });
    const key = `chamado:${created.resourceId}`;
    const keys = (page: SearchPage) => page.itens.map((i) => `${i.subject}:${i.talkId}`);
    expect(keys(await api<SearchPage>(admin, 'GET', '/api/search?q=quimerafantasma'))).toEqual([key]);
    const hidden = await api<SearchPage>(customer, 'GET', '/api/search?q=quimerafantasma');
    expect([hidden.totalResults, hidden.itens]).toEqual([0, []]);
    // The ticket is the customer's: found by its title, without the hidden value.
    const byTitle = await api<SearchPage>(customer, 'GET', '/api/search?q=backup%20noturno');
    expect(keys(byTitle)).toEqual([key]);
    expect(JSON.stringify(byTitle)).not.toContain('Quimerafantasma');

    const { context, page } = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    await searchFromTopBar(page, 'quimerafantasma');
    await page.getByText('Nenhum resultado encontrado para "quimerafantasma".').waitFor();
    await context.close();
  });
});
