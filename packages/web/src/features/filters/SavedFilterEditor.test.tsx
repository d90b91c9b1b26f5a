import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillJsdomGaps } from '../../fields/editors/complex/jsdom-gaps.ts';
import { contextAttribute, TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { GridFilterTools } from './GridFilterTools.tsx';
import { SavedFilterEditor } from './SavedFilterEditor.tsx';

fillJsdomGaps();
afterEach(() => {
  vi.unstubAllGlobals();
});

const attr = (subjectAttributeId: number, identifier: string, name: string, componentId: number) =>
  contextAttribute({ subjectAttributeId, identifier, name, componentId });
const subject = (subjectId: number, subjectIdentifier: string, subjectName: string, attrs: unknown[]) => ({
  subjectId,
  subjectIdentifier,
  subjectName,
  icon: null,
  isBuiltIn: false,
  subjectAttributes: attrs,
});
const chamado = subject(3, 'chamado', 'Chamado', [attr(31, 'titulo', 'Título', 1)]);
const cliente = subject(4, 'cliente', 'Cliente', [attr(41, 'cidade', 'Cidade', 1)]);
const readable = [
  { subjectId: 3, subjectIdentifier: 'chamado', subjectName: 'Chamado', icon: null, isBuiltIn: false },
  { subjectId: 4, subjectIdentifier: 'cliente', subjectName: 'Cliente', icon: null, isBuiltIn: false },
  { subjectId: 1, subjectIdentifier: 'filtro', subjectName: 'Filtro', icon: null, isBuiltIn: true },
];
const redeTree = { condition: 'E', rules: [{ attribute: 'titulo', operator: 'contains', value: 'rede' }] };
const stored = {
  talkId: 9,
  version: 3,
  talkValues: [
    { subjectAttributeIdentifier: 'nome', value: 'Rede' },
    { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
    { subjectAttributeIdentifier: 'filtro', value: redeTree },
  ],
};

function server(writes: StubbedCall[], answer: () => { status: number; body?: unknown }) {
  return stubFetch(
    on('GET', '/api/context/subjects', 200, readable),
    on('GET', '/api/talk/filtro/9', 200, stored),
    on('GET', '/api/subject/chamado', 200, chamado),
    on('GET', '/api/subject/cliente', 200, cliente),
    on('GET', '/api/Filter/chamado', 200, { itens: [{ filterId: 9, filterName: 'Rede' }], totalResults: 1 }),
    on('GET', '/api/Filter/cliente', 200, { itens: [], totalResults: 0 }),
    (call) => {
      if (call.method !== 'POST' && call.method !== 'PUT') return undefined;
      writes.push(call);
      return answer();
    },
  );
}

describe('saved filter form', { timeout: 30_000 }, () => {
  it('opens a saved filter with its subject, name and tree, and saves the change with the version read', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    server(writes, () => ({ status: 200, body: stored }));
    const saved: unknown[] = [];
    render(
      <TestProviders>
        <SavedFilterEditor talkId={9} onSaved={(s) => saved.push(s)} onCancel={() => undefined} />
      </TestProviders>,
    );
    const value = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Valor da regra 1' });
    expect(value.value).toBe('rede');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Assunto' }).value).toBe('Chamado');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Nome do filtro' }).value).toBe('Rede');
    // The filters themselves are not a subject to filter.
    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    expect(screen.queryByRole('option', { name: 'Filtro' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.clear(value);
    await user.type(value, 'impressora');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toEqual([{ talkId: 9, created: false }]));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/talk/filtro/9',
      body: {
        talkId: 9,
        version: 3,
        talkValues: [
          { subjectAttributeIdentifier: 'nome', value: 'Rede' },
          { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
          {
            subjectAttributeIdentifier: 'filtro',
            value: {
              condition: 'E',
              rules: [{ attribute: 'titulo', operator: 'contains', value: 'impressora' }],
            },
          },
        ],
      },
    });
  });

  it('asks for the subject first, then builds the tree over it; the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    server(writes, () => ({
      status: 422,
      body: { errors: [{ message: 'Assunto não encontrado.', field: 'assunto' }] },
    }));
    render(
      <TestProviders>
        <SavedFilterEditor talkId={0} />
      </TestProviders>,
    );
    await screen.findByText('Escolha o assunto para montar o filtro.');
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Selecione o assunto do filtro.');
    expect(screen.getByText('Campo obrigatório.')).toBeDefined();
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'Cliente' }));
    await user.type(screen.getByRole('textbox', { name: 'Nome do filtro' }), 'Paulistas');
    await user.click(await screen.findByRole('button', { name: 'Adicionar regra' }));
    await user.click(screen.getByRole('combobox', { name: 'Campo da regra 1' }));
    await user.click(await screen.findByRole('option', { name: 'Cidade' }));
    await user.click(screen.getByRole('combobox', { name: 'Operador da regra 1' }));
    await user.click(await screen.findByRole('option', { name: 'Igual a' }));
    await user.type(screen.getByRole('textbox', { name: 'Valor da regra 1' }), 'São Paulo');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Assunto não encontrado.')).toBeDefined();
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/talk/filtro',
      body: {
        talkValues: [
          { subjectAttributeIdentifier: 'nome', value: 'Paulistas' },
          { subjectAttributeIdentifier: 'assunto', value: 'cliente' },
          {
            subjectAttributeIdentifier: 'filtro',
            value: {
              condition: 'E',
              rules: [{ attribute: 'cidade', operator: 'equal', value: 'São Paulo' }],
            },
          },
        ],
      },
    });
  });

  it('says so when the filter cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(
      on('GET', '/api/context/subjects', 200, readable),
      (call) =>
        call.path === '/api/talk/filtro/9'
          ? fail
            ? { status: 500, body: { errors: [] } }
            : { status: 200, body: stored }
          : undefined,
      on('GET', '/api/subject/chamado', 200, chamado),
      on('GET', '/api/Filter/chamado', 200, { itens: [], totalResults: 0 }),
    );
    render(
      <TestProviders>
        <SavedFilterEditor talkId={9} />
      </TestProviders>,
    );
    await screen.findByText('Não foi possível carregar o filtro.', {}, { timeout: 10_000 });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Valor da regra 1' })).value).toBe(
      'rede',
    );
  });
});

describe('the grid’s saved-filter tools', { timeout: 30_000 }, () => {
  it('saves the grid’s rules and chosen saved filters as one filter, then shows it chosen', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    server(writes, () => ({ status: 201, body: { resourceId: 12 } }));
    const chosen: number[][] = [];
    const trees: unknown[] = [];
    const built = { attribute: 'titulo', operator: 'contains', value: 'lenta' };
    render(
      <TestProviders>
        <GridFilterTools
          subject="chamado"
          tree={built}
          onTree={(t) => trees.push(t)}
          filterIds={[9]}
          onFilterIds={(ids) => chosen.push(ids)}
        />
      </TestProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Filtrar (1 regra)' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Salvar filtro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salvar filtro' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await within(dialog).findByText('Campo obrigatório.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do filtro' }), 'Rede lenta');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chosen).toEqual([[12]]));
    expect(trees).toEqual([null]);
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/talk/filtro',
      body: {
        talkValues: [
          { subjectAttributeIdentifier: 'nome', value: 'Rede lenta' },
          { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
          { subjectAttributeIdentifier: 'filtro', value: { condition: 'E', rules: [redeTree, built] } },
        ],
      },
    });
  });

  it('has nothing to save without a filter, and opens a saved filter from its menu with its tree', async () => {
    const user = userEvent.setup();
    server([], () => ({ status: 200, body: stored }));
    render(
      <TestProviders>
        <GridFilterTools
          subject="chamado"
          tree={null}
          onTree={() => undefined}
          filterIds={[]}
          onFilterIds={() => undefined}
        />
      </TestProviders>,
    );
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Salvar filtro' })).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Editar filtro salvo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rede' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar filtro: Rede' });
    expect(
      (await within(dialog).findByRole<HTMLInputElement>('textbox', { name: 'Valor da regra 1' })).value,
    ).toBe('rede');
  });
});
