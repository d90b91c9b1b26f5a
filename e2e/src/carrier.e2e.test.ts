import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { screenshot, settled } from './browser.ts';
import { signedIn } from './helpers.ts';
import { INSERTED, RecordFormPage } from './pages/record-form-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

// Issue 35 item 3: a carrier relationship (component 29) is saved as join records with its record
// and shown from them when the record is opened again.

const suite = useSuite();
const { ok: api } = suiteApi(suite);

/** Night mode on (Alt+G, its shortcut), a picture, and back to day. */
async function shootDayAndNight(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
  await page.keyboard.press('Alt+g');
  await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
  await settled(page);
  await screenshot(page, `${name}-night`);
  await page.keyboard.press('Alt+g');
  await page.locator('html[data-mantine-color-scheme="light"]').waitFor({ state: 'attached' });
}

interface Talk {
  talkId: number;
  version: number;
  talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
}

describe('carrier relationship (component 29)', () => {
  it(
    'loads and a carrier chosen in the form survive a reload, the loads named as their records are now',
    { timeout: 180_000 },
    async () => {
      const token = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
      await api(token, 'POST', '/api/subject', {
        identifier: 'carga',
        name: 'Carga',
        attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
      });
      await api(token, 'POST', '/api/subject', {
        identifier: 'averbacao',
        name: 'Averbação',
        attributes: [
          { identifier: 'numero', name: 'Número', componentId: 1, isRequired: true },
          { identifier: 'transporte', name: 'Transporte', componentId: 29, relatedSubject: 'carga' },
        ],
      });
      const load = async (nome: string) =>
        (
          await api<{ resourceId: number }>(token, 'POST', '/api/talk/carga', {
            talkValues: [{ subjectAttributeIdentifier: 'nome', value: nome }],
          })
        ).resourceId;
      const soja = await load('Soja');
      const milho = await load('Milho');
      await load('Trigo');

      const { page, context } = await signedIn(
        suite.browser,
        suite.server,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        '/context/form/averbacao/add',
      );
      try {
        const form = new RecordFormPage(page);
        await form.waitUntilReady();
        await form.type('Número', 'AV-001');
        const carrier = form.field('Transporte');
        for (const name of ['Soja', 'Milho']) {
          const search = carrier.getByRole('combobox', { name: 'Buscar carga' });
          await search.click();
          await page.getByRole('option', { name, exact: true }).click();
          await carrier.getByRole('list', { name: 'Cargas' }).getByText(name, { exact: true }).waitFor();
        }
        await carrier.getByRole('textbox', { name: 'Transportadora' }).fill('Transportes Rápidos');
        await shootDayAndNight(page, 'carrier-form');
        await form.ok.click();
        await form.notices.getByText(INSERTED).waitFor();

        const list = await api<{ itens: Talk[] }>(token, 'POST', '/api/talk/filter/averbacao', {});
        const id = list.itens[0]?.talkId ?? 0;
        expect(talkValue(list.itens[0] ?? { talkValues: [] }, 'transporte')).toEqual({
          labelFrom: [
            { id: soja, label: 'Soja' },
            { id: milho, label: 'Milho' },
          ],
          labelTo: 'Transportes Rápidos',
        });

        // A load renamed meanwhile; the record opened again after a reload.
        await api(token, 'PUT', `/api/talk/carga/${soja}`, {
          talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'Soja em grãos' }],
        });
        await page.goto(`${suite.server.url}/context/form/averbacao/${id}`);
        await page.reload();
        await form.waitUntilReady();
        const loads = form.field('Transporte').getByRole('list', { name: 'Cargas' });
        await loads.getByText('Soja em grãos', { exact: true }).waitFor();
        // Each item: its name and its remove button (an icon).
        expect((await loads.getByRole('listitem').allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
          'Soja em grãos',
          'Milho',
        ]);
        expect(
          await form.field('Transporte').getByRole('textbox', { name: 'Transportadora' }).inputValue(),
        ).toBe('Transportes Rápidos');
        await shootDayAndNight(page, 'carrier-reopened');

        // Removing a load in the form and saving keeps the other one joined.
        await form.field('Transporte').getByRole('button', { name: 'Remover Milho' }).click();
        await form.ok.click();
        await expect
          .poll(async () =>
            talkValue(await api<Talk>(token, 'GET', `/api/talk/averbacao/${id}`), 'transporte'),
          )
          .toEqual({ labelFrom: [{ id: soja, label: 'Soja em grãos' }], labelTo: 'Transportes Rápidos' });
      } finally {
        await context.close();
      }
    },
  );
});
