import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { contextAttribute, renderEditor } from '../../test-utils.tsx';
import { FilterTreeEditor } from './FilterTreeEditor.tsx';
import { fillJsdomGaps } from './jsdom-gaps.ts';

fillJsdomGaps();

const attr = (subjectAttributeId: number, identifier: string, name: string, componentId: number) =>
  contextAttribute({ subjectAttributeId, identifier, name, componentId });

const chamado = {
  subjectId: 3,
  subjectIdentifier: 'chamado',
  subjectName: 'Chamado',
  icon: null,
  isBuiltIn: false,
  subjectAttributes: [
    attr(31, 'titulo', 'Título', 1),
    attr(32, 'numero', 'Número', 3),
    attr(33, 'previsao', 'Previsão', 32),
    attr(34, 'anexos', 'Anexos', 22),
  ],
};
const filterAttribute = contextAttribute({ identifier: 'filtro', name: 'Filtro', componentId: 12 });

async function choose(user: ReturnType<typeof userEvent.setup>, box: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('filter-tree editor', { timeout: 30_000 }, () => {
  it('emits the tree only when every node, attribute, operator and value is set', async () => {
    const user = userEvent.setup();
    stubFetch(on('GET', '/api/subject/chamado', 200, chamado));
    const view = renderEditor(FilterTreeEditor, { attribute: filterAttribute, subject: 'chamado' });
    await user.click(await screen.findByRole('button', { name: 'Adicionar regra' }));
    expect(view.inputError()).toBe('Filtro incompleto: selecione o campo de todas as regras.');
    expect(view.changes).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Campo da regra 1' }));
    // Files cannot be filtered; the record's id can.
    expect(screen.queryByRole('option', { name: 'Anexos' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Código do registro' })).toBeDefined();
    await user.click(screen.getByRole('option', { name: 'Título' }));
    expect(view.inputError()).toBe('Filtro incompleto: selecione o operador de todas as regras.');

    await user.click(screen.getByRole('combobox', { name: 'Operador da regra 1' }));
    expect(screen.queryByRole('option', { name: 'Entre' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Contém' }));
    expect(view.inputError()).toBe('Filtro incompleto: informe o valor de todas as regras.');
    await user.type(screen.getByRole('textbox', { name: 'Valor da regra 1' }), 'rede');
    expect(view.inputError()).toBeUndefined();
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [{ attribute: 'titulo', operator: 'contains', value: 'rede' }],
    });

    // A nested group joined by OU, with a "between" rule: two values.
    await user.click(screen.getByRole('button', { name: 'Adicionar grupo' }));
    expect(view.inputError()).toBe('Filtro incompleto: selecione o campo de todas as regras.');
    await choose(user, 'Campo da regra 2.1', 'Número');
    await choose(user, 'Operador da regra 2.1', 'Entre');
    await user.type(screen.getByRole('textbox', { name: 'Valor inicial da regra 2.1' }), '10');
    expect(view.inputError()).toBe('Filtro incompleto: informe o valor de todas as regras.');
    await user.type(screen.getByRole('textbox', { name: 'Valor final da regra 2.1' }), '20');
    expect(view.inputError()).toBeUndefined();
    const group2 = screen.getByRole('radiogroup', { name: 'Condição do grupo (Grupo 2)' });
    await user.click(within(group2).getByRole('radio', { name: 'OU' }));
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [
        { attribute: 'titulo', operator: 'contains', value: 'rede' },
        { condition: 'OU', rules: [{ attribute: 'numero', operator: 'between', value: [10, 20] }] },
      ],
    });

    // An empty nested group is not a complete tree.
    await user.click(screen.getByRole('button', { name: 'Remover a regra 2.1' }));
    expect(view.inputError()).toBe('Filtro incompleto: todo grupo precisa de pelo menos uma regra.');
    await user.click(screen.getByRole('button', { name: 'Remover grupo' }));
    expect(view.inputError()).toBeUndefined();
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [{ attribute: 'titulo', operator: 'contains', value: 'rede' }],
    });
    await user.click(screen.getByRole('button', { name: 'Remover a regra 1' }));
    expect(view.changes.at(-1)).toBeNull();
  });

  it('fits the value input to the operator: none, a list, a number of days', async () => {
    const user = userEvent.setup();
    stubFetch(on('GET', '/api/subject/chamado', 200, chamado));
    const view = renderEditor(FilterTreeEditor, {
      attribute: filterAttribute,
      subject: 'chamado',
      value: { condition: 'E', rules: [{ attribute: 'previsao', operator: 'is_empty' }] },
    });
    await screen.findByRole('combobox', { name: 'Operador da regra 1' });
    expect(screen.queryByRole('textbox', { name: /Valor/ })).toBeNull();

    await choose(user, 'Operador da regra 1', 'Nos últimos N dias');
    expect(view.inputError()).toBe('Filtro incompleto: informe o valor de todas as regras.');
    await user.type(screen.getByRole('textbox', { name: 'Número de dias da regra 1' }), '7');
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [{ attribute: 'previsao', operator: 'last_n_days', value: 7 }],
    });
    await choose(user, 'Operador da regra 1', 'Hoje');
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [{ attribute: 'previsao', operator: 'today' }],
    });

    await choose(user, 'Campo da regra 1', 'Título');
    await choose(user, 'Operador da regra 1', 'Está entre os valores');
    const values = screen.getByLabelText('Valores da regra 1', { selector: 'input' });
    await user.type(values, 'rede{Enter}impressora{Enter}');
    expect(view.changes.at(-1)).toEqual({
      condition: 'E',
      rules: [{ attribute: 'titulo', operator: 'in', value: ['rede', 'impressora'] }],
    });
  });

  it('in a saved filter, lists the attributes of the subject named in assunto', async () => {
    const calls = stubFetch(on('GET', '/api/subject/chamado', 200, chamado));
    renderEditor(FilterTreeEditor, {
      attribute: filterAttribute,
      subject: 'filtro',
      valueOf: (identifier) => (identifier === 'assunto' ? 'chamado' : null),
      value: { condition: 'E', rules: [{ attribute: 'titulo', operator: 'equal', value: 'x' }] },
    });
    const field = await screen.findByRole('combobox', { name: 'Campo da regra 1' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('Título'));
    expect(calls.map((c) => c.path)).toEqual(['/api/subject/chamado']);
  });

  it('in a saved filter without a subject yet, asks for it first', () => {
    stubFetch();
    renderEditor(FilterTreeEditor, { attribute: filterAttribute, subject: 'filtro', valueOf: () => null });
    expect(screen.getByText('Informe o assunto antes de montar o filtro.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Adicionar regra' })).toBeNull();
  });
});
