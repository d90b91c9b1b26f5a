import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { pathname, signedInOnGrid } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);

/** One rule of a filter tree editor: field, operator and value, by their labels. */
async function rule(page: Page, scope: Locator, n: number, field: string, operator: string, value: string) {
  await scope.getByRole('combobox', { name: `Campo da regra ${n}` }).click();
  await page.getByRole('option', { name: field, exact: true }).click();
  await scope.getByRole('combobox', { name: `Operador da regra ${n}` }).click();
  await page.getByRole('option', { name: operator, exact: true }).click();
  await scope.getByRole('textbox', { name: `Valor da regra ${n}` }).fill(value);
}

describe('saved filters', { timeout: 240_000 }, () => {
  it('an administrator saves the grid’s filter, finds and applies it in the picker, edits it there, and makes one in the filter form', async () => {
    const admin = await signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const count = async (subject: string, body: Record<string, unknown>) =>
      (await api<PagedTalks>(admin, 'POST', `/api/talk/filter/${subject}/`, { fetch: 1, ...body }))
        .totalResults;
    const all = await count('chamado', {});
    // Two words of the demo's ticket titles, each picking some tickets but not all.
    const titles = (
      await api<PagedTalks>(admin, 'POST', '/api/talk/filter/chamado/', { fetch: 200 })
    ).itens.map((t) => {
      const title = talkValue(t, 'titulo');
      return typeof title === 'string' ? title : '';
    });
    const words = [...new Set(titles.flatMap((t) => t.split(/\s+/)).filter((w) => w.length >= 5))];
    const picks = await Promise.all(
      words.slice(0, 40).map(async (w) => ({
        word: w,
        n: await count('chamado', { filterJson: { attribute: 'titulo', operator: 'contains', value: w } }),
      })),
    );
    const useful = picks.filter((p) => p.n > 0 && p.n < all).sort((a, b) => b.n - a.n);
    const [first, second] = [useful[0], useful.find((p) => p.n !== useful[0]?.n)];
    if (!first || !second) throw new Error('the demo tickets have no two distinct title words');

    const { context, page, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'chamado',
      'Chamado',
    );
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${all}$`));

    // ---- 'Filtrar': the rules built over the grid's subject -----------------------------------
    const saveButton = page.getByRole('button', { name: 'Salvar filtro' });
    expect(await saveButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
    const build = page.getByRole('dialog', { name: 'Filtrar registros' });
    await build.getByText('Nenhuma regra. O filtro não restringe os registros.').waitFor();
    await build.getByRole('button', { name: 'Adicionar regra' }).click();
    await rule(page, build, 1, 'Título', 'Contém', first.word);
    await bothModes(page, 'saved-filters-grid-build');
    await build.getByRole('button', { name: 'Aplicar' }).click();
    await build.waitFor({ state: 'hidden' });
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${first.n}$`));
    await page.getByRole('button', { name: 'Filtrar (1 regra)' }).waitFor();

    // ---- 'Salvar filtro': the name asked, then the picker offers and applies it -------------
    await saveButton.click();
    const ask = page.getByRole('dialog', { name: 'Salvar filtro' });
    await ask.getByRole('button', { name: 'Salvar' }).click();
    await ask.getByText('Campo obrigatório.').waitFor();
    await bothModes(page, 'saved-filters-grid-save');
    await ask.getByRole('textbox', { name: 'Nome do filtro' }).fill('Chamados por título');
    await ask.getByRole('button', { name: 'Salvar' }).click();
    await ask.waitFor({ state: 'hidden' });
    await grid.notice('Filtro salvo.').waitFor();
    const picker = page.getByPlaceholder('Escolha filtros');
    const pills = page.locator('.grid-toolbar .mantine-Pill-root');
    await expect.poll(() => pills.allTextContents()).toEqual(['Chamados por título']);
    await page.getByRole('button', { name: 'Filtrar', exact: true }).waitFor();
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${first.n}$`));

    const listed = await api<{ itens: { filterId: number; filterName: string }[] }>(
      admin,
      'GET',
      '/api/Filter/chamado',
    );
    const made = listed.itens.find((f) => f.filterName === 'Chamados por título');
    expect(made).toBeDefined();
    const stored = await api<ApiTalk>(admin, 'GET', `/api/talk/filtro/${made?.filterId ?? 0}`);
    expect(talkValue(stored, 'assunto')).toBe('chamado');
    expect(talkValue(stored, 'filtro')).toEqual({
      condition: 'E',
      rules: [{ attribute: 'titulo', operator: 'contains', value: first.word }],
    });

    // Cleared, then chosen again from the picker: the same rows.
    await page.getByRole('button', { name: 'Redefinir grade' }).click();
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${all}$`));
    await picker.click();
    await page.getByRole('option', { name: 'Chamados por título' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${first.n}$`));
    await grid.waitForRows();
    for (const title of await grid.column('Título'))
      expect(title.toLowerCase()).toContain(first.word.toLowerCase());
    await bothModes(page, 'saved-filters-grid-applied');

    // ---- 'Editar filtro salvo': opened with its tree, changed and saved ---------------------
    await page.getByRole('button', { name: 'Editar filtro salvo' }).click();
    await page.getByRole('menuitem', { name: 'Chamados por título' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar filtro: Chamados por título' });
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'Nome do filtro' }).inputValue())
      .toBe('Chamados por título');
    expect(await edit.getByRole('combobox', { name: 'Assunto' }).inputValue()).toBe('Chamado');
    const value = edit.getByRole('textbox', { name: 'Valor da regra 1' });
    await expect.poll(() => value.inputValue()).toBe(first.word);
    expect(await edit.getByRole('combobox', { name: 'Campo da regra 1' }).inputValue()).toBe('Título');
    await bothModes(page, 'saved-filters-edit');
    await value.fill(second.word);
    await edit.getByRole('textbox', { name: 'Nome do filtro' }).fill('Chamados por outro título');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'hidden' });
    await grid.notice('Filtro atualizado.').waitFor();
    await expect.poll(() => pills.allTextContents()).toEqual(['Chamados por outro título']);
    await expect.poll(() => grid.range(), { timeout: 10_000 }).toMatch(new RegExp(`de ${second.n}$`));

    // ---- the filter form (/context/form/filtro/add): the subject chosen, the tree built -----
    await page.goto(`${suite.server.url}/context/form/filtro/add`);
    const form = page.locator('.records-page');
    await form.getByText('Escolha o assunto para montar o filtro.').waitFor();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.getByText('Selecione o assunto do filtro.').waitFor();
    await form.getByText('Campo obrigatório.').waitFor();
    await bothModes(page, 'saved-filters-form-empty');
    await form.getByRole('combobox', { name: 'Assunto' }).click();
    await page.getByRole('option', { name: 'Cliente', exact: true }).click();
    await form.getByRole('textbox', { name: 'Nome do filtro' }).fill('Clientes de São Paulo');
    await form.getByRole('button', { name: 'Adicionar regra' }).click();
    await rule(page, form, 1, 'Cidade', 'Igual a', 'São Paulo');
    await bothModes(page, 'saved-filters-form');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /^\/context\/form\/filtro\/\d+$/.test(url.pathname));
    const id = Number(pathname(page).split('/').pop());
    // Reopened: the subject, the name and the tree.
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Valor da regra 1' }).inputValue(), { timeout: 10_000 })
      .toBe('São Paulo');
    expect(await form.getByRole('combobox', { name: 'Assunto' }).inputValue()).toBe('Cliente');
    expect(await form.getByRole('textbox', { name: 'Nome do filtro' }).inputValue()).toBe(
      'Clientes de São Paulo',
    );
    const saved = await api<ApiTalk>(admin, 'GET', `/api/talk/filtro/${id}`);
    expect(talkValue(saved, 'assunto')).toBe('cliente');
    expect(talkValue(saved, 'filtro')).toEqual({
      condition: 'E',
      rules: [{ attribute: 'cidade', operator: 'equal', value: 'São Paulo' }],
    });
    const ofClients = await api<{ itens: { filterName: string }[] }>(admin, 'GET', '/api/Filter/cliente');
    expect(ofClients.itens.map((f) => f.filterName)).toContain('Clientes de São Paulo');
    await bothModes(page, 'saved-filters-form-saved');

    await context.close();
  });
});
