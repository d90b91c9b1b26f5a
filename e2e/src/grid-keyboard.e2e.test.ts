import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi, talkValue } from './api.ts';
import { signedInOnGrid } from './helpers.ts';
import { bothModes } from './looks.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { useSuite } from './suite.ts';

const suite = useSuite({ SEED: 'demo' });
const { ok: api } = suiteApi(suite);
const adminToken = () => signInByApi(suite.server, ADMIN_EMAIL, ADMIN_PASSWORD);
const talk = async (subject: string, talkId: number) =>
  api<ApiTalk>(await adminToken(), 'GET', `/api/talk/${subject}/${talkId}`);

/** The label of the grid cell holding the focus ("Solicitante: …"), or what else holds it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const cell = active?.closest('[role="gridcell"]');
    if (active === cell) return `cell ${cell?.getAttribute('aria-label') ?? ''}`;
    if (cell)
      return `editor ${active?.tagName.toLowerCase() ?? ''} in ${cell.getAttribute('aria-colindex') ?? ''}`;
    return `outside ${active?.tagName.toLowerCase() ?? ''}`;
  });

/** The open cell editor's control holding the focus, if any: its tag, type and text. */
const editorFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !active.closest('.grid-editing')) return null;
    const value =
      active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.value : '';
    const caret =
      active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
        ? active.selectionStart
        : null;
    const type = active instanceof HTMLInputElement ? active.type : active.tagName.toLowerCase();
    return { type, value, caret };
  });

/** Focuses a cell (its row then draws all its columns) and brings it into view. */
async function focusCell(cell: Locator): Promise<void> {
  await cell.evaluate((el: HTMLElement) => el.focus());
  await cell.scrollIntoViewIfNeeded();
}

describe('grid keyboard editing (issue 39 item 4)', () => {
  it('opens a cell by double click or Enter and takes what is typed at once: Enter saves, Esc cancels, Tab saves and moves on', async () => {
    const { context, page, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'chamado',
      'Chamado',
    );
    const target = (await grid.ids())[1] ?? 0;
    const stored = talkValue(await talk('chamado', target), 'solicitante');
    const before = typeof stored === 'string' ? stored : '';

    // A double click, and the keys typed at once land in the editor, after the value; Enter saves.
    const solicitante = grid.cell(target, 'Solicitante');
    await solicitante.dblclick();
    await page.keyboard.type(' (retorno)');
    await page.keyboard.press('Enter');
    await grid.notice('Registro atualizado com sucesso!').first().waitFor();
    await expect
      .poll(async () => talkValue(await talk('chamado', target), 'solicitante'))
      .toBe(`${before} (retorno)`);
    await expect.poll(() => solicitante.textContent()).toBe(`${before} (retorno)`);
    // The focus is back on the cell: Enter opens it again and Esc drops what was typed.
    expect(await focused(page)).toMatch(/^cell Solicitante: /);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).toMatchObject({ type: 'text', value: `${before} (retorno)` });
    expect((await editorFocus(page))?.caret).toBe(`${before} (retorno)`.length);
    await page.keyboard.type(' descartado');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe(`cell Solicitante: ${before} (retorno)`);
    expect(await solicitante.textContent()).toBe(`${before} (retorno)`);
    const afterEsc = await talk('chamado', target);
    expect(talkValue(afterEsc, 'solicitante')).toBe(`${before} (retorno)`);

    // Enter, type, Tab: saved, and the focus on the next cell (Telefone); typing there opens it
    // with what is typed, replacing the value, and Enter saves it over the new version.
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).not.toBeNull();
    await page.keyboard.type(' B');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toMatch(/^cell Telefone: /);
    await page.keyboard.type('11987654321');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const saved = await talk('chamado', target);
        return [talkValue(saved, 'solicitante'), String(talkValue(saved, 'telefone')).replace(/\D/g, '')];
      })
      .toEqual([`${before} (retorno) B`, '11987654321']);
    expect((await talk('chamado', target)).version).toBe(afterEsc.version + 2);
    await expect.poll(() => focused(page)).toMatch(/^cell Telefone: \(11\) 98765-4321$/);
    // Shift+Tab from an open cell goes back to the previous one.
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).not.toBeNull();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focused(page)).toMatch(/^cell Solicitante: /);

    // The editor open, day and night.
    await bothModes(page, 'grid-cell-editor', {
      before: async () => {
        await focusCell(solicitante);
        await page.keyboard.press('Enter');
        await expect.poll(() => editorFocus(page)).not.toBeNull();
      },
      after: () => page.keyboard.press('Escape'),
    });
    await context.close();
  });

  it('in a long text Shift+Enter makes a new line and Enter saves; every editor kind opens focused and Esc closes it', async () => {
    const token = await adminToken();
    // A record below the edited one: the long text's editor opens over it.
    await api(token, 'POST', '/api/talk/campos', {
      talkValues: [{ subjectAttributeIdentifier: 'texto', value: 'Outro registro' }],
    });
    const created = await api<{ resourceId: number }>(token, 'POST', '/api/talk/campos', {
      talkValues: [
        { subjectAttributeIdentifier: 'texto', value: 'Registro do teclado' },
        { subjectAttributeIdentifier: 'observacoes', value: 'Primeira linha' },
        { subjectAttributeIdentifier: 'numero', value: 7 },
        { subjectAttributeIdentifier: 'simnao', value: false },
      ],
    });
    const id = created.resourceId;
    const { context, page, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'campos',
      'Campos de exemplo',
    );

    // Long text: Shift+Enter and Ctrl+Enter add lines, Enter saves them all.
    await focusCell(grid.cell(id, 'Texto'));
    const notes = grid.cell(id, 'Observações');
    await focusCell(notes);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).toMatchObject({ type: 'textarea', value: 'Primeira linha' });
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Segunda linha');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.type('Terceira linha');
    expect((await editorFocus(page))?.value).toBe('Primeira linha\nSegunda linha\nTerceira linha');
    await bothModes(page, 'grid-cell-editor-long-text');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => talkValue(await talk('campos', id), 'observacoes'))
      .toBe('Primeira linha\nSegunda linha\nTerceira linha');
    await expect.poll(() => focused(page)).toMatch(/^cell Observações: /);

    // Every column the grid edits in place: Enter opens it with the focus inside, Esc closes it
    // with the focus back on the cell and nothing saved.
    const version = (await talk('campos', id)).version;
    const labels = await grid
      .row(id)
      .locator('[role="gridcell"].grid-editable')
      .evaluateAll((cells) => cells.map((c) => (c.getAttribute('aria-label') ?? '').split(':')[0] ?? ''));
    expect(labels.length).toBeGreaterThan(20);
    const missed: string[] = [];
    for (const label of labels) {
      const cell = grid.cell(id, label);
      await focusCell(cell);
      await page.keyboard.press('Enter');
      try {
        await expect.poll(() => editorFocus(page), { timeout: 5_000 }).not.toBeNull();
      } catch {
        missed.push(`${label}: ${await focused(page)}`);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toMatch(new RegExp(`^cell ${label.replace(/[()]/g, '\\$&')}:`));
    }
    expect(missed).toEqual([]);
    expect((await talk('campos', id)).version).toBe(version);

    // Number, date, yes/no and select, typed and saved by keyboard alone.
    await focusCell(grid.cell(id, 'Número'));
    await page.keyboard.type('42');
    await page.keyboard.press('Tab');
    // Tab closed the number and moved on, as a person sees before going elsewhere (focusing
    // another cell in the same instant lost the race with that move: the date went to the
    // cell after the number).
    await expect.poll(() => focused(page)).toMatch(/^cell (?!Número:)/);
    await focusCell(grid.cell(id, 'Data'));
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).not.toBeNull();
    await page.keyboard.type('15092026');
    await page.keyboard.press('Enter');
    // The row shows the saved date before the person moves on (as they would look at it).
    await expect.poll(async () => talkValue(await talk('campos', id), 'data')).toBe('2026-09-15');
    await expect.poll(() => focused(page)).toMatch(/^cell Data:/);
    await focusCell(grid.cell(id, 'Sim/Não'));
    await page.keyboard.press('Enter');
    await expect.poll(() => editorFocus(page)).toMatchObject({ type: 'radio' });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(async () => talkValue(await talk('campos', id), 'simnao')).toBe(true);
    await expect.poll(() => focused(page)).toMatch(/^cell Sim\/Não:/);
    await focusCell(grid.cell(id, 'Seleção (cliente)'));
    await page.keyboard.press('Enter');
    await page.getByRole('option').first().waitFor();
    const firstClient = (await page.getByRole('option').first().textContent())?.trim() ?? '';
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const saved = await talk('campos', id);
        return {
          numero: talkValue(saved, 'numero'),
          data: talkValue(saved, 'data'),
          simnao: talkValue(saved, 'simnao'),
          selecao: saved.talkValues.find((v) => v.subjectAttributeIdentifier === 'selecao')?.displayValue,
        };
      })
      .toEqual({ numero: 42, data: '2026-09-15', simnao: true, selecao: firstClient });
    await context.close();
  });

  it('keeps what was typed when another user saved the record first, and says why', async () => {
    const token = await adminToken();
    const { context, page, grid } = await signedInOnGrid(
      suite,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'chamado',
      'Chamado',
    );
    const target = (await grid.ids())[3] ?? 0;
    const cell = grid.cell(target, 'Solicitante');
    await focusCell(cell);
    await page.keyboard.type('Minha resposta');
    // Meanwhile someone else saves the record.
    const current = await talk('chamado', target);
    await api(token, 'PUT', `/api/talk/chamado/${target}`, {
      subject: 'chamado',
      talkId: target,
      version: current.version,
      talkValues: [{ subjectAttributeIdentifier: 'ofensor', value: 'Outra pessoa' }],
    });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Outro usuário alterou este registro enquanto você editava/).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The typed value is still in the open cell, which saves it over the new version.
    await expect.poll(() => editorFocus(page)).toMatchObject({ value: 'Minha resposta' });
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const saved = await talk('chamado', target);
        return [talkValue(saved, 'solicitante'), talkValue(saved, 'ofensor')];
      })
      .toEqual(['Minha resposta', 'Outra pessoa']);
    await context.close();
  });
});
