import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { ReportColumnsEditor } from './ReportColumnsEditor.tsx';

const subjects = {
  itens: [
    {
      subjectId: 3,
      subjectIdentifier: 'cliente',
      subjectName: 'Cliente',
      subjectAttributes: [
        { identifier: 'razao', name: 'Razão social', componentId: 1, isInternal: false },
        { identifier: 'cnpj', name: 'CNPJ', componentId: 2, isInternal: false },
      ],
    },
    {
      subjectId: 4,
      subjectIdentifier: 'pedido',
      subjectName: 'Pedido',
      subjectAttributes: [{ identifier: 'valor', name: 'Valor', componentId: 5, isInternal: false }],
    },
  ],
  totalResults: 2,
  currentPage: 1,
};

const attribute = contextAttribute({ name: 'Colunas', identifier: 'colunas', componentId: 15 });

const column = (name: string, value: string, isGrouped = false, width = 25) => ({
  columnIdentifier: 100000,
  configs: [
    { configIdentifier: 'name', value: name },
    { configIdentifier: 'width', value: width },
    { configIdentifier: 'backgroundColor', value: '#ffffff' },
    { configIdentifier: 'fontColor', value: '#000000' },
  ],
  attributes: [{ value, isGrouped, subjectId: 3 }],
});

type Emitted = {
  columnIdentifier: number;
  configs: { configIdentifier: string; value: unknown }[];
  attributes: { value: string; subjectId: number | null }[];
}[];

describe('report column designer (component 15)', () => {
  it('adds a column with the defaults and asks for a name and an attribute', async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    const view = renderEditor(ReportColumnsEditor, { attribute });
    await user.click(screen.getByRole('button', { name: 'Adicionar coluna' }));
    const added = view.changes.at(-1) as Emitted;
    expect(added).toEqual([
      {
        columnIdentifier: 100000,
        configs: [
          { configIdentifier: 'name', value: '' },
          { configIdentifier: 'width', value: 25 },
          { configIdentifier: 'backgroundColor', value: '#ffffff' },
          { configIdentifier: 'fontColor', value: '#000000' },
        ],
        attributes: [{ value: '', isGrouped: false, subjectId: null }],
      },
    ]);
    expect(screen.getByText('Nenhum atributo selecionado')).toBeTruthy();
    expect(view.inputError()).toBe('Informe o nome da coluna');
    await user.click(screen.getByRole('button', { name: 'Adicionar coluna' }));
    expect((view.changes.at(-1) as Emitted).map((c) => c.columnIdentifier)).toEqual([100000, 100001]);
    expect(
      screen.getAllByRole('slider', { name: 'Largura' }).map((s) => s.getAttribute('aria-valuenow')),
    ).toEqual(['25', '25']);
  });

  it("opens the attribute picker on '${', searches it and inserts the placeholder", async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    const view = renderEditor(ReportColumnsEditor, { attribute, value: [column('Cliente', '')] });
    const box = screen.getByLabelText('Valor 1');
    await user.type(box, 'Nome: ${{');
    const search = await screen.findByLabelText('Buscar por atributo, assunto ou identificador');
    const group = screen.getByRole('group', { name: 'Escolha um atributo' });
    await waitFor(() => expect(within(group).getAllByRole('button')).toHaveLength(3));
    // By subject name, attribute name and identifier.
    await user.type(search, 'pedido');
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ValorPedido · ${pedido.valor}']);
    await user.clear(search);
    await user.type(search, 'cliente.cn');
    await user.click(within(group).getByRole('button', { name: /CNPJ/ }));
    const emitted = view.changes.at(-1) as Emitted;
    expect(emitted[0]?.attributes[0]).toEqual({
      value: 'Nome: ${cliente.cnpj}',
      isGrouped: false,
      subjectId: 3,
    });
    expect(screen.queryByText('Nenhum atributo selecionado')).toBeNull();
    expect(view.inputError()).toBeUndefined();
  });

  it('blocks pasting into a value', async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    const view = renderEditor(ReportColumnsEditor, { attribute, value: [column('Cliente', '')] });
    await user.click(screen.getByLabelText('Valor 1'));
    await user.paste('${cliente.razao}');
    expect(screen.getByLabelText<HTMLInputElement>('Valor 1').value).toBe('');
    expect(view.changes).toEqual([]);
    expect(screen.getByText(/Não é possível colar neste campo/)).toBeTruthy();
  });

  it('asks before removing a column and then wants at least one', async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    const view = renderEditor(ReportColumnsEditor, {
      attribute,
      value: [column('Cliente', '${cliente.razao}')],
    });
    await user.click(screen.getByRole('button', { name: 'Remover a coluna Cliente' }));
    expect(await screen.findByText('Você deseja realmente remover essa coluna?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(view.changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remover a coluna Cliente' }));
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(view.changes.at(-1)).toEqual([]);
    expect(screen.getAllByText('Adicione pelo menos uma coluna').length).toBeGreaterThan(0);
    expect(view.inputError()).toBe('Adicione pelo menos uma coluna');
  });

  it('previews the columns as a spreadsheet with sample values by component', async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    renderEditor(ReportColumnsEditor, {
      attribute,
      value: [
        column('Documento', '${cliente.cnpj}', false, 40),
        { ...column('Valores', '${pedido.valor}', true), columnIdentifier: 100001 },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pré-visualização' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Pré-visualização' }));
    const table = await screen.findByRole('table', { name: 'Pré-visualização' });
    const rows = within(table).getAllByRole('row');
    // Letters, the title row and 5 sample rows.
    expect(rows).toHaveLength(7);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Número da linha', 'A', 'B']);
    expect((within(rows[0] as HTMLElement).getAllByRole('columnheader')[1] as HTMLElement).style.width).toBe(
      '280px',
    );
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Documento', 'Valores']);
    await waitFor(() => {
      const [cnpj, money] = within(rows[2] as HTMLElement).getAllByRole('cell');
      expect(cnpj?.textContent).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
      // A grouped value shows 3 samples.
      expect(money?.textContent.split('\n')).toEqual(['1.234,56', '2.469,12', '3.703,68']);
    });
  });

  it("offers only the model's subjects when another field names them", async () => {
    stubFetch(on('GET', '/api/subject', 200, subjects));
    const user = userEvent.setup();
    renderEditor(ReportColumnsEditor, {
      attribute: contextAttribute({ ...attribute, componentConfigs: { subjectsAttribute: 'assuntos' } }),
      value: [column('Cliente', '')],
      valueOf: (identifier) => (identifier === 'assuntos' ? ['pedido'] : null),
    });
    await user.type(screen.getByLabelText('Valor 1'), '${{');
    const group = await screen.findByRole('group', { name: 'Escolha um atributo' });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['ValorPedido · ${pedido.valor}']),
    );
  });
});
