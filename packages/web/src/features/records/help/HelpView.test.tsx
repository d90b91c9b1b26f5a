import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contextAttribute, TestProviders, contextResponse } from '../../../fields/test-utils.tsx';
import { HelpView } from './HelpView.tsx';

function context(
  attributes: ContextSubjectAttribute[],
  actions: Partial<ContextResponse['subject']['actions']> = {},
): ContextResponse {
  return contextResponse(attributes, { scenario: 'help', actions });
}

const attributes = [
  contextAttribute({
    subjectAttributeId: 1,
    identifier: 'documento',
    name: 'Documento do cliente',
    componentId: 2,
    isRequired: true,
    tooltip: 'CNPJ ou CPF, só números',
    description: 'Identifica o cliente na nota fiscal.',
    order: 1,
  }),
  contextAttribute({
    subjectAttributeId: 2,
    identifier: 'situacao',
    name: 'Situação',
    componentId: 4,
    actions: { create: false, update: false, delete: false },
    order: 2,
  }),
  contextAttribute({
    subjectAttributeId: 3,
    identifier: 'entrega',
    name: 'Entrega',
    componentId: 11,
    order: 3,
  }),
  contextAttribute({ subjectAttributeId: 4, identifier: 'anexo', name: 'Nota', componentId: 34, order: 4 }),
  contextAttribute({
    subjectAttributeId: 5,
    identifier: 'duracaototal',
    name: 'Duração total',
    componentId: 19,
    isInternal: true,
    order: 5,
  }),
];

function renderHelp(ctx: ContextResponse) {
  return render(
    <TestProviders>
      <HelpView context={ctx} />
    </TestProviders>,
  );
}

const cards = () => screen.getAllByRole('listitem');

describe('help view', () => {
  it('explains each field that is not internal: type in words, hints, required', () => {
    renderHelp(context(attributes));
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Documento do cliente',
      'Situação',
      'Entrega',
      'Nota',
    ]);
    const [documento, situacao, entrega, nota] = cards() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(documento.textContent).toContain('Tipo: CNPJ/CPF');
    expect(documento.textContent).toContain('Obrigatório');
    expect(documento.textContent).toContain('Dica: CNPJ ou CPF, só números');
    expect(documento.textContent).toContain('Descrição: Identifica o cliente na nota fiscal.');
    expect(situacao.textContent).toContain('Tipo: Seleção');
    expect(situacao.textContent).toContain('Opcional');
    expect(situacao.textContent).toContain('Sem descrição.');
    expect(entrega.textContent).toContain('Tipo: Data e hora');
    expect(nota.textContent).toContain('Tipo: Arquivo sob demanda');
    expect(screen.queryByText('Duração total')).toBeNull();
  });

  it('tells which fields are read-only for the account', () => {
    renderHelp(context(attributes));
    const readOnly = cards().filter((card) => card.textContent.includes('Somente leitura para você'));
    expect(readOnly.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Situação']);
  });

  it('shows every field as read-only when the account may neither create nor update records', () => {
    renderHelp(context(attributes, { Create: false, Update: false }));
    expect(screen.getAllByText('Somente leitura para você')).toHaveLength(4);
  });

  it('finds fields by name, ignoring accents and case', async () => {
    const user = userEvent.setup();
    renderHelp(context(attributes));
    const search = screen.getByLabelText('Buscar campo');
    await user.type(search, 'situacao');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual(['Situação']);
    await user.clear(search);
    await user.type(search, 'cliente doc');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Documento do cliente',
    ]);
    await user.type(search, 'xyz');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Nenhum campo encontrado para "cliente docxyz"');
  });
});
