import { describe, expect, it } from 'vitest';
import type { TagProgress } from '@talkbase/domain/contracts/tags';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { pathname, signedIn } from './helpers.ts';
import { bothModes } from './looks.ts';
import { GridPage } from './pages/grid-page.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
/** The demo's support agent: not an administrator, yet filters its grid by tag. */
const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };

const { answer: api } = suiteApi(suite);

/** The names of the tag chips of a grid row. */
const chipsOf = (grid: GridPage, talkId: number) => grid.row(talkId).locator('.tag-chip').allTextContents();

describe('tags', { timeout: 180_000 }, () => {
  it('an administrator creates "Urgente" for high-priority tickets; grids show it, live, and filter by it', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = async (subject: string, body: Record<string, unknown> = {}) =>
      (await api<PagedTalks>(admin, 'POST', `/api/talk/filter/${subject}/`, { fetch: 500, ...body })).body;
    const priorities = (await list('prioridade')).itens;
    const idOf = (name: string) => priorities.find((p) => talkValue(p, 'nome') === name)?.talkId ?? 0;
    const alta = idOf('Alta');
    const baixa = idOf('Baixa');
    expect(alta).toBeGreaterThan(0);
    // The saved filter the editor starts from (its 'Filtros disponíveis').
    const saved = await api<{ resourceId: number }>(admin, 'POST', '/api/talk/filtro', {
      talkValues: [
        { subjectAttributeIdentifier: 'nome', value: 'Prioridade alta' },
        { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
        {
          subjectAttributeIdentifier: 'filtro',
          value: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: alta }] },
        },
      ],
    });
    expect(saved.status).toBe(201);
    const highRule = { attribute: 'prioridade', operator: 'equal', value: alta };
    const high = await list('chamado', { filterJson: highRule });
    expect(high.totalResults).toBeGreaterThan(0);

    // ---- the tags list, empty, then the editor ---------------------------------------------
    const { context, page } = await signedIn(
      suite.browser,
      suite.server,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      '/tags/list/',
    );
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await page.getByText('Nenhuma tag encontrada.').waitFor();
    await page.getByRole('link', { name: 'Tags' }).first().waitFor();
    await bothModes(page, 'tags-list-empty');

    await page.getByRole('link', { name: 'Criar nova tag' }).click();
    await page.getByRole('heading', { name: 'Criar nova tag' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Cor' }).inputValue()).toBe('#000000');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campo obrigatório.').waitFor();
    await page.getByText('Adicione pelo menos um filtro.').waitFor();
    await page.getByRole('textbox', { name: 'Texto' }).fill('Urgente');
    const color = page.getByRole('textbox', { name: 'Cor' });
    await color.fill('#c92a2a');
    await color.press('Enter');
    const preview = page.getByTestId('tag-preview').locator('.tag-chip');
    await expect
      .poll(() => preview.evaluate((e) => getComputedStyle(e).backgroundColor))
      .toBe('rgb(201, 42, 42)');
    expect(await preview.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Adicionar Filtro' }).click();
    const modal = page.getByRole('dialog', { name: 'Filtro' });
    await modal.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: 'Chamado', exact: true }).click();
    await modal.getByRole('combobox', { name: 'Filtros disponíveis' }).click();
    await page.getByRole('option', { name: 'Prioridade alta' }).click();
    await expect
      .poll(() => modal.getByRole('textbox', { name: 'Nome do filtro' }).inputValue())
      .toBe('Prioridade alta');
    await modal.getByRole('combobox', { name: 'Operador da regra 1' }).waitFor();
    await bothModes(page, 'tags-filter-modal');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('Prioridade alta').waitFor();
    await bothModes(page, 'tags-editor');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/tags/list/');
    const link = page.getByRole('link', { name: 'Urgente' });
    await link.waitFor();
    await bothModes(page, 'tags-list');
    const tagId = Number((await link.getAttribute('href'))?.split('/').pop());
    expect(tagId).toBeGreaterThan(0);

    // The existing tickets are tagged in the background.
    await expect
      .poll(async () => (await api<TagProgress>(admin, 'GET', `/api/tag/${tagId}/progress`)).body.state, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('done');

    // ---- a second browser, an agent (no administrator): the grid shows the chips, live ------
    const { context: second, page: viewer } = await signedIn(
      suite.browser,
      suite.server,
      AGENT.email,
      AGENT.password,
      '/context/grid/chamado',
    );
    const grid = new GridPage(viewer, 'Chamado');
    await grid.waitForRows();
    const shown = await grid.ids();
    const highIds = new Set(high.itens.map((t) => t.talkId));
    const shownHigh = shown.filter((id) => highIds.has(id));
    const shownOther = shown.filter((id) => !highIds.has(id));
    expect(shownHigh.length).toBeGreaterThan(0);
    expect(shownOther.length).toBeGreaterThan(0);
    for (const id of shownHigh.slice(0, 5)) expect([id, await chipsOf(grid, id)]).toEqual([id, ['Urgente']]);
    for (const id of shownOther.slice(0, 5)) expect([id, await chipsOf(grid, id)]).toEqual([id, []]);
    await grid.grid.evaluate((g) => g.scrollTo({ left: g.scrollWidth }));
    await bothModes(viewer, 'tags-grid');

    // Another account's edit makes a ticket match: its chip appears without reloading.
    const target = shownOther[0] ?? 0;
    const before = (await api<ApiTalk>(admin, 'GET', `/api/talk/chamado/${target}`)).body;
    const put = await api<ApiTalk>(admin, 'PUT', `/api/talk/chamado/${target}`, {
      version: before.version,
      talkValues: [{ subjectAttributeIdentifier: 'prioridade', value: alta }],
    });
    expect(put.status).toBe(200);
    await expect.poll(() => chipsOf(grid, target), { timeout: 10_000 }).toEqual(['Urgente']);
    // …and leaves when it no longer matches.
    const put2 = await api<ApiTalk>(admin, 'PUT', `/api/talk/chamado/${target}`, {
      version: put.body.version,
      talkValues: [{ subjectAttributeIdentifier: 'prioridade', value: baixa }],
    });
    expect(put2.status).toBe(200);
    await expect.poll(() => chipsOf(grid, target), { timeout: 10_000 }).toEqual([]);

    // The record's own form shows the chip too.
    const first = shownHigh[0] ?? 0;
    await viewer.goto(`${suite.server.url}/context/form/chamado/${first}`);
    const chips = viewer.getByRole('list', { name: 'Tags' });
    await chips.getByText('Urgente').waitFor();
    await bothModes(viewer, 'tags-form');

    // ---- filtering the grid by the tag -------------------------------------------------------
    await viewer.goto(`${suite.server.url}/context/grid/chamado`);
    await grid.waitForRows();
    await viewer.getByPlaceholder('Filtrar por tag').click();
    await viewer.getByRole('option', { name: 'Urgente' }).click();
    await viewer.keyboard.press('Escape');
    const expected = (await list('chamado', { filterJson: highRule, fetch: 1 })).totalResults;
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${expected}$`));
    await grid.waitForRows();
    const filtered = await grid.ids();
    expect(filtered.length).toBeGreaterThan(0);
    for (const id of filtered.slice(0, 10)) expect([id, await chipsOf(grid, id)]).toEqual([id, ['Urgente']]);
    expect(pathname(viewer)).toBe('/context/grid/chamado');

    await second.close();
    await context.close();
  });
});
