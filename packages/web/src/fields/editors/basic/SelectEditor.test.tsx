import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { describe, expect, it, vi } from 'vitest';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import type { RelatedOption } from './useRelatedOptions.ts';
import { SelectEditor } from './SelectEditor.tsx';

interface OptionsCall {
  path: string;
  page: number;
  term: string | null;
  params: Record<string, string>;
}

/**
 * The options endpoint over a fixed list of records: every word of the term must be in the name
 * (as the server does), 50 a page.
 */
function stubOptions(records: RelatedOption[]) {
  const calls: OptionsCall[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const page = Number(url.searchParams.get('page'));
    const term = url.searchParams.get('term');
    const params = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'page' && k !== 'term'));
    calls.push({ path: url.pathname, page, term, params });
    const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = records.filter((r) => words.every((w) => r.name.toLowerCase().includes(w)));
    const body = {
      itens: found.slice((page - 1) * 50, page * 50),
      totalResults: found.length,
      currentPage: page,
      error: null,
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

const people = (n: number, name = 'Pessoa'): RelatedOption[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `${name} ${i + 1}` }));

const attribute = contextAttribute({ name: 'Cliente', componentId: 4, subjectAttributeId: 77 });

describe('select editor (4, 14, 20)', () => {
  it('shows the display value before the options load, and loads nothing until opened', () => {
    const calls = stubOptions([]);
    renderEditor(SelectEditor, { attribute, value: 7, displayValue: 'Ana Souza' });
    expect(screen.getByRole('textbox', { name: 'Cliente' })).toHaveProperty('value', 'Ana Souza');
    expect(calls).toEqual([]);
  });

  it('loads 50 options on opening, the next 50 on scrolling to the end, and emits the chosen id', async () => {
    const calls = stubOptions(people(120));
    const user = userEvent.setup();
    const view = renderEditor(SelectEditor, { attribute });
    await user.click(screen.getByRole('textbox', { name: 'Cliente' }));
    const list = await screen.findByRole('listbox');
    await within(list).findByText('Pessoa 50');
    expect(within(list).getAllByRole('option')).toHaveLength(50);
    expect(calls.map((c) => [c.path, c.page])).toEqual([['/api/SubjectAttribute/related/77', 1]]);
    fireEvent.scroll(list);
    await within(list).findByText('Pessoa 100');
    expect(calls.map((c) => c.page)).toEqual([1, 2]);
    await user.click(within(list).getByRole('option', { name: 'Pessoa 73' }));
    expect(view.changes).toEqual([73]);
    expect(screen.getByRole('textbox', { name: 'Cliente' })).toHaveProperty('value', 'Pessoa 73');
  });

  it('searches 500 ms after typing, every word must match, and shows at most 100 results', async () => {
    const calls = stubOptions([...people(150, 'Ana Silva'), ...people(5, 'Bruno')]);
    const user = userEvent.setup();
    renderEditor(SelectEditor, { attribute });
    const input = screen.getByRole('textbox', { name: 'Cliente' });
    await user.click(input);
    await screen.findByText('Ana Silva 1');
    await user.type(input, 'silva ana');
    expect(calls.map((c) => c.term)).toEqual([null]);
    await waitFor(() => expect(calls.map((c) => c.term)).toEqual([null, 'silva ana']), { timeout: 3000 });
    const list = screen.getByRole('listbox');
    await within(list).findByText('Ana Silva 50');
    expect(within(list).queryByText('Bruno 1')).toBeNull();
    fireEvent.scroll(list);
    await within(list).findByText('Ana Silva 100');
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.term === 'silva ana').map((c) => c.page)).toEqual([1, 2]);
    expect(within(list).getAllByRole('option')).toHaveLength(100);
  });

  it("empty lists: 'Nenhum item para ser exibido', 'Nenhum resultado encontrado para …', 'Nenhum item encontrado'", async () => {
    stubOptions([]);
    const user = userEvent.setup();
    renderEditor(SelectEditor, { attribute });
    const input = screen.getByRole('textbox', { name: 'Cliente' });
    await user.click(input);
    expect(await screen.findByText('Nenhum item para ser exibido')).toBeTruthy();
    await user.type(input, 'xyz');
    expect(
      await screen.findByText('Nenhum resultado encontrado para xyz', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await user.clear(input);
    expect(await screen.findByText('Nenhum item encontrado', {}, { timeout: 3000 })).toBeTruthy();
  });

  it("a disabled item cannot be chosen and says 'Este item não pode ser selecionado.'", async () => {
    stubOptions([
      { id: 1, name: 'Arquivado', disabled: true },
      { id: 2, name: 'Ativo' },
    ]);
    const user = userEvent.setup();
    const view = renderEditor(SelectEditor, { attribute });
    await user.click(screen.getByRole('textbox', { name: 'Cliente' }));
    const item = await screen.findByRole('option', { name: 'Arquivado' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await user.hover(item);
    expect(
      await screen.findByText('Este item não pode ser selecionado.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await user.click(item);
    expect(view.changes).toEqual([]);
  });

  it('clears to null; a required field shows the message validateValue gives', async () => {
    stubOptions([]);
    const user = userEvent.setup();
    const required = { ...attribute, isRequired: true };
    const view = renderEditor(SelectEditor, { attribute: required, value: 3, displayValue: 'Ana' });
    await user.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(view.changes).toEqual([null]);
    const [problem] = validateValue(required, null, { now: new Date() });
    expect(problem?.message).toBe('É obrigatório selecionar um item da lista.');
    view.unmount();
    renderEditor(SelectEditor, { attribute: required, error: problem?.message });
    expect(screen.getByText('É obrigatório selecionar um item da lista.')).toBeTruthy();
  });

  it('a multi-valued attribute emits a list of ids, and null when the last one is removed', async () => {
    stubOptions(people(3));
    const user = userEvent.setup();
    const view = renderEditor(SelectEditor, { attribute: { ...attribute, isMultipleValues: true } });
    await user.click(screen.getByRole('textbox', { name: 'Cliente' }));
    await user.click(await screen.findByRole('option', { name: 'Pessoa 1' }));
    await user.click(screen.getByRole('option', { name: 'Pessoa 3' }));
    expect(view.changes).toEqual([[1], [1, 3]]);
    await user.click(screen.getByRole('button', { name: 'Remover Pessoa 1' }));
    await user.click(screen.getByRole('button', { name: 'Remover Pessoa 3' }));
    expect(view.changes.slice(2)).toEqual([[3], null]);
  });

  it('read-only neither opens nor loads', async () => {
    const calls = stubOptions(people(3));
    const user = userEvent.setup();
    const view = renderEditor(SelectEditor, {
      attribute,
      value: 2,
      displayValue: 'Pessoa 2',
      readOnly: true,
    });
    await user.click(screen.getByRole('textbox', { name: 'Cliente' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Limpar seleção' })).toBeNull();
    expect(calls).toEqual([]);
    expect(view.changes).toEqual([]);
  });

  it('attributes 51, 52 and 53 announce the chosen name as an identifier; others do not', async () => {
    stubOptions([{ id: 5, name: 'chamado' }]);
    const user = userEvent.setup();
    const announced: (string | null)[] = [];
    renderEditor((props) => <SelectEditor {...props} onAnnounceIdentifier={(id) => announced.push(id)} />, {
      attribute: contextAttribute({
        identifier: 'assunto',
        name: 'Assunto',
        componentId: 20,
        subjectAttributeId: 52,
      }),
    });
    await user.click(screen.getByRole('textbox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'chamado' }));
    await user.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    expect(announced).toEqual(['chamado', null]);

    const other: (string | null)[] = [];
    renderEditor((props) => <SelectEditor {...props} onAnnounceIdentifier={(id) => other.push(id)} />, {
      attribute: contextAttribute({
        identifier: 'outro',
        name: 'Outro',
        componentId: 4,
        subjectAttributeId: 50,
      }),
    });
    await user.click(screen.getByRole('textbox', { name: 'Outro' }));
    await user.click(await screen.findByRole('option', { name: 'chamado' }));
    expect(other).toEqual([]);
  });

  it("sends the config's params, taking '${field}' from the record", async () => {
    const calls = stubOptions([]);
    const user = userEvent.setup();
    renderEditor(SelectEditor, {
      attribute: contextAttribute({
        name: 'Cidade',
        componentId: 4,
        subjectAttributeId: 9,
        componentConfigs: { params: { uf: '${estado}', ativo: 'true' } },
      }),
      valueOf: (identifier) => (identifier === 'estado' ? 'SP' : null),
    });
    await user.click(screen.getByRole('textbox', { name: 'Cidade' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.params).toEqual({ uf: 'SP', ativo: 'true' });
  });

  it('the tree (14) groups options by parent when the answer says which', async () => {
    stubOptions([
      { id: 1, name: 'Campinas', parentName: 'São Paulo' },
      { id: 2, name: 'Niterói', parentName: 'Rio de Janeiro' },
    ]);
    const user = userEvent.setup();
    renderEditor(SelectEditor, { attribute: { ...attribute, componentId: 14 } });
    await user.click(screen.getByRole('textbox', { name: 'Cliente' }));
    await screen.findByText('Campinas');
    expect(screen.getByText('São Paulo')).toBeTruthy();
    expect(screen.getByText('Rio de Janeiro')).toBeTruthy();
  });
});
