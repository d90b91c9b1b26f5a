import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const node = (Id: number, Name: string, extra: Record<string, unknown> = {}) => ({
  Id,
  Name,
  Subject: 'chamado',
  Scenario: 'grid',
  Icon: null,
  TemplateId: null,
  Filters: null,
  Menus: [],
  ...extra,
});
const menu = {
  Menus: [node(1, 'Atendimento', { Subject: null, Scenario: null, Menus: [node(2, 'Chamados')] })],
  configured: true,
  companyId: 1,
};

function builderServer(writes: StubbedCall[], answer: () => { status: number; body?: unknown }) {
  return stubFetch(
    on('GET', '/api/presentation/menu/all/', 200, menu),
    on('GET', '/api/scenario/all/', 200, [
      { scenarioId: 1, scenarioIdentifier: 'grid', scenarioName: 'Grid' },
      { scenarioId: 2, scenarioIdentifier: 'form', scenarioName: 'Formulário' },
    ]),
    on('GET', '/api/subject', 200, {
      itens: [{ subjectId: 3, subjectIdentifier: 'chamado', subjectName: 'Chamado', subjectAttributes: [] }],
      totalResults: 1,
    }),
    on('GET', '/api/template', 200, {
      itens: [{ templateId: 12, templateName: 'Triagem', subjectId: 3 }],
      totalResults: 1,
    }),
    on('GET', '/api/Filter/chamado', 200, {
      itens: [{ filterId: 40, filterName: 'Abertos' }],
      totalResults: 1,
    }),
    on('GET', '/api/context/subjects', 200, []),
    on('GET', '/api/presentation/menu/readers', 200, [
      { roomId: 7, roomName: 'Balcão', subjects: ['chamado', 'tarefa'] },
      { roomId: 8, roomName: 'Financeiro', subjects: ['cliente'] },
    ]),
    (call) => {
      if (call.method !== 'PUT') return undefined;
      writes.push(call);
      return answer();
    },
  );
}

const tree = () => screen.getByRole('list', { name: 'Itens do menu' });

describe('menu builder', { timeout: 30_000 }, () => {
  it('adds a leaf, holds Save until it is complete, asks before a leaf becomes a parent, saves the tree', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    const calls = builderServer(writes, () => ({ status: 200, body: menu }));
    renderApp('/config/menu', adminUser);
    await screen.findByRole('heading', { name: 'Configuração do menu' });
    await within(await screen.findByRole('list', { name: 'Itens do menu' })).findByText('Chamados');
    // The builder reads the whole menu, not the part the administrator's room sees.
    expect(calls.some((c) => c.path === '/api/presentation/menu/all/' && c.method === 'GET')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Novo item' }));
    expect(within(tree()).getByText('Preencha o nome · Selecione um assunto')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Nome' });
    expect(name.maxLength).toBe(80);
    await user.type(name, 'Chamados abertos');
    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'Chamado' }));
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Triagem' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    expect((await screen.findAllByText('Há campos de filtros vazios')).length).toBeGreaterThan(0);
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Filtro 1' }));
    await user.click(await screen.findByRole('option', { name: 'Abertos' }));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));

    // A child under the leaf 'Chamados': asked first; cancelling changes nothing.
    await user.click(screen.getByRole('button', { name: 'Adicionar subitem em Chamados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transformar em menu pai' });
    expect(within(confirm).getByText('Deseja realmente transformar esse menu em um menu pai?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(tree()).getAllByRole('listitem')).toHaveLength(3);

    await user.click(save);
    // A new item: the rooms reading its subject are offered it, checked (issue 39 item 1).
    const grants = await screen.findByRole('dialog', { name: 'Quem vê os novos itens' });
    const balcao = within(grants).getByRole<HTMLInputElement>('checkbox', { name: 'Balcão' });
    expect(balcao.checked).toBe(true);
    expect(within(grants).getByText('Chamados abertos (Chamado)')).toBeTruthy();
    expect(within(grants).queryByRole('checkbox', { name: 'Financeiro' })).toBeNull();
    expect(writes).toHaveLength(0);
    await user.click(within(grants).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.path).toBe('/api/presentation/menu/1');
    expect(writes[0]?.body).toEqual({
      Menus: [
        {
          Id: 1,
          Name: 'Atendimento',
          Icon: null,
          Scenario: null,
          Subject: null,
          TemplateId: null,
          Filters: null,
          Menus: [
            {
              Id: 2,
              Name: 'Chamados',
              Icon: null,
              Scenario: 'grid',
              Subject: 'chamado',
              TemplateId: null,
              Filters: [],
              Menus: [],
            },
          ],
        },
        {
          Name: 'Chamados abertos',
          Icon: null,
          Scenario: 'grid',
          Subject: 'chamado',
          TemplateId: 12,
          Filters: [40],
          Rooms: [7],
          Menus: [],
        },
      ],
    });
    expect(await screen.findByText('Menus atualizada com sucesso!.')).toBeTruthy();
  });

  it('turns a leaf into a parent after confirming; shows server errors under the node and field', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    builderServer(writes, () => ({
      status: 422,
      body: { errors: [{ message: 'Assunto não encontrado.', field: 'Menus.0.Menus.0.Menus.0.Subject' }] },
    }));
    renderApp('/config/menu', adminUser);
    await within(await screen.findByRole('list', { name: 'Itens do menu' })).findByText('Chamados');
    await user.click(screen.getByRole('button', { name: 'Adicionar subitem em Chamados' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transformar em menu pai' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(tree()).getAllByRole('listitem')).toHaveLength(3));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Urgentes');
    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'Chamado' }));
    // 'Chamados' is a parent now: only a name and an icon.
    await user.click(screen.getByRole('button', { name: 'Editar Chamados' }));
    expect(screen.getByText('Menu pai: agrupa os itens dentro dele e não abre uma tela.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Assunto' })).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Nome' }));
    expect(await screen.findAllByText('Nome inválido')).not.toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Chamados');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Unchecked, the room is not given the new item.
    const grants = await screen.findByRole('dialog', { name: 'Quem vê os novos itens' });
    await user.click(within(grants).getByRole('checkbox', { name: 'Balcão' }));
    await user.click(within(grants).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]?.body as { Menus: { Menus: { Subject: unknown; Menus: unknown[] }[] }[] };
    expect(JSON.stringify(body)).not.toContain('Rooms');
    expect(body.Menus[0]?.Menus[0]).toMatchObject({
      Subject: null,
      Menus: [expect.objectContaining({ Name: 'Urgentes' })],
    });
    // The refused node is selected and its field says why.
    expect(await screen.findByRole('combobox', { name: 'Assunto' })).toBeTruthy();
    expect((await screen.findAllByText('Assunto não encontrado.')).length).toBeGreaterThan(0);
  });
});
