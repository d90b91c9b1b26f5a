import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const attribute = (subjectAttributeId: number, identifier: string, name: string, isInternal = false) => ({
  subjectAttributeId,
  identifier,
  subjectAttributeIdentifier: identifier,
  name,
  attributeName: name,
  subjectAttributeName: name,
  componentId: 1,
  isRequired: false,
  isEditable: true,
  isNaturalKey: false,
  isMultipleValues: false,
  isOrderable: true,
  isInternal,
  length: 50,
  defaultValue: null,
  componentConfigs: {},
  relatedSubject: null,
  tooltip: null,
  description: null,
  icon: null,
  order: subjectAttributeId,
});
const chamado = {
  subjectId: 3,
  subjectIdentifier: 'chamado',
  subjectName: 'Chamado',
  icon: null,
  isBuiltIn: false,
  subjectAttributes: [
    attribute(31, 'titulo', 'Título'),
    attribute(32, 'prioridade', 'Prioridade'),
    attribute(33, 'prazo', 'Prazo'),
    attribute(34, 'abertura', 'Data de abertura'),
    attribute(35, 'interno', 'Interno', true),
  ],
};
const cliente = {
  ...chamado,
  subjectId: 4,
  subjectIdentifier: 'cliente',
  subjectName: 'Cliente',
  subjectAttributes: [attribute(41, 'nome', 'Nome')],
};

function server(writes: StubbedCall[]) {
  return stubFetch(
    on('GET', '/api/subject', 200, { itens: [chamado, cliente], totalResults: 2, currentPage: 1 }),
    on('GET', '/api/template', 200, { itens: [], totalResults: 0, currentPage: 1 }),
    (call) => {
      if (call.method !== 'POST' || call.path !== '/api/template') return undefined;
      writes.push(call);
      return { status: 201, body: { ...(call.body as object), templateId: 90, subjectName: 'Chamado' } };
    },
  );
}

const selectedNames = () =>
  within(screen.getByTestId('template-selected'))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-column'));

describe('template editor', { timeout: 30_000 }, () => {
  it('adds fields, edits a column within the limits, removes one after confirmation and saves them in order', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    server(writes);
    renderApp('/config/templates/editor/custom?subject=3', adminUser);
    await screen.findByRole('heading', { name: 'Criar novo template' });
    const save = await screen.findByRole('button', { name: 'Salvar' });
    expect(save).toHaveProperty('disabled', true);

    // Internal attributes are not offered; the search keeps fields matching every word.
    const available = await screen.findByTestId('template-available');
    expect(within(available).queryByText('Interno')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Buscar campo' }), 'abertura data');
    await waitFor(() => expect(within(available).getAllByRole('listitem')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Adicionar Data de abertura' }));
    await user.clear(screen.getByRole('textbox', { name: 'Buscar campo' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar Título' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar Prazo' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar Prioridade' }));
    expect(selectedNames()).toEqual(['Data de abertura', 'Título', 'Prazo', 'Prioridade']);

    // 'Edição de coluna': width outside 100–1000 and an alias over 150 characters are refused.
    await user.click(screen.getByRole('button', { name: 'Editar a coluna Título' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edição de coluna' });
    const width = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Largura' });
    expect(width.value).toBe('200 px');
    await user.clear(width);
    await user.type(width, '1001');
    expect(await within(dialog).findByText('A largura deve ser um número entre 100 e 1000.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Aplicar' })).toHaveProperty('disabled', true);
    await user.clear(width);
    await user.type(width, '320');
    const alias = within(dialog).getByRole('textbox', { name: 'Apelido' });
    await user.click(alias);
    await user.paste('x'.repeat(151));
    expect(await within(dialog).findByText('Máximo de 150 caracteres.')).toBeTruthy();
    await user.clear(alias);
    await user.type(alias, 'Assunto');
    await user.click(within(dialog).getByRole('switch', { name: 'Ordenação' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edição de coluna' })).toBeNull());
    expect(selectedNames()).toEqual(['Data de abertura', 'Título', 'Prazo', 'Prioridade']);
    expect(within(screen.getByTestId('template-selected')).getByText('Assunto')).toBeTruthy();

    // Removing a column asks first, once, saying the field stays (issue 39 item 10).
    await user.click(screen.getByRole('button', { name: 'Remover a coluna Prazo' }));
    expect(await screen.findByText(/Remover a coluna Prazo deste template\? O campo continua/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remover coluna' }));
    await waitFor(() => expect(selectedNames()).toEqual(['Data de abertura', 'Título', 'Prioridade']));
    await user.click(screen.getByRole('button', { name: 'Remover a coluna Prioridade' }));
    await waitFor(() => expect(selectedNames()).toEqual(['Data de abertura', 'Título']));
    expect(screen.queryByRole('dialog', { name: 'Confirmação' })).toBeNull();

    // Without a name the save is refused with the spec's text and nothing is sent.
    await user.click(save);
    expect(await screen.findByText('Digite um nome')).toBeTruthy();
    expect(writes).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Nome do template/ }), 'Semana');
    await user.click(screen.getByRole('switch', { name: 'exibir coluna de id no grid' }));
    await user.click(save);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({
      templateName: 'Semana',
      subjectId: 3,
      templateType: 7,
      showTalkIdOnGrid: true,
      templateAreas: [
        { subjectAttributeId: 34, order: 1, templateAreaName: null },
        {
          subjectAttributeId: 31,
          order: 2,
          templateAreaName: 'Assunto',
          templateAreaConfigs: [
            { configIdentifier: 'Width', value: 320 },
            { configIdentifier: 'IsOrderable', value: 1 },
          ],
        },
      ],
    });
    expect(await screen.findByText('Template Semana inserido com sucesso!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Templates de Personalizados' })).toBeTruthy();
  });

  it('changing the subject of a selection asks, then clears the columns; select all asks too', async () => {
    const user = userEvent.setup();
    server([]);
    renderApp('/config/templates/editor/custom?subject=3', adminUser);
    await screen.findByTestId('template-available');
    await user.click(screen.getByRole('button', { name: 'Selecionar todos' }));
    expect(await screen.findByText('Deseja realmente selecionar todos os campos?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(selectedNames()).toHaveLength(4));

    await user.click(screen.getByRole('combobox', { name: /Assunto/ }));
    await user.click(await screen.findByRole('option', { name: 'Cliente' }));
    expect(await screen.findByText('Deseja realmente alterar o assunto desse template?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByTestId('template-selected')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Adicionar Nome' })).toBeTruthy();
  });
});
