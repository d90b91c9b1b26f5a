import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders } from '../../../fields/test-utils.tsx';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { RecordForm } from './RecordForm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const attributes = [
  contextAttribute({ subjectAttributeId: 1, identifier: 'texto', name: 'Texto', componentId: 1, order: 1 }),
  contextAttribute({
    subjectAttributeId: 2,
    identifier: 'filtro',
    name: 'Filtro',
    componentId: 12,
    order: 2,
  }),
  contextAttribute({
    subjectAttributeId: 3,
    identifier: 'colunas',
    name: 'Colunas',
    componentId: 15,
    order: 3,
  }),
  contextAttribute({
    subjectAttributeId: 4,
    identifier: 'agenda',
    name: 'Frequência',
    componentId: 18,
    order: 4,
  }),
  contextAttribute({
    subjectAttributeId: 5,
    identifier: 'janela',
    name: 'Janela',
    componentId: 28,
    order: 5,
  }),
  contextAttribute({
    subjectAttributeId: 6,
    identifier: 'carga',
    name: 'Transportadora',
    componentId: 29,
    order: 6,
  }),
  contextAttribute({ subjectAttributeId: 7, identifier: 'data', name: 'Data', componentId: 32, order: 7 }),
];

const context: ContextResponse = {
  contextId: 'ctx-campos',
  scenario: 'form',
  subject: {
    subjectId: 9,
    subjectName: 'Campos de exemplo',
    subjectIdentifier: 'campos',
    icon: null,
    isBuiltIn: false,
    subjectAttributes: attributes,
    actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [],
  template: null,
};

describe('RecordForm layout', () => {
  it('gives the editors made of several inputs a whole row, and keeps the others within their column', async () => {
    stubFetch(on('GET', '/api/context/ctx-campos/template', 200, { template: null }));
    render(
      <TestProviders>
        <RecordForm context={context} talkId={0} />
      </TestProviders>,
    );
    await screen.findByRole('form', { name: 'Campos de exemplo' });
    const placement = (identifier: string) => {
      const field = document.querySelector<HTMLElement>(`.record-field[data-field="${identifier}"]`);
      return { gridColumn: field?.style.gridColumn ?? null, minWidth: field?.style.minWidth ?? null };
    };
    // In one column these overflowed the form (the schedule's period choice, the time window's
    // buttons), which then scrolled sideways under the side menu.
    for (const wide of ['filtro', 'colunas', 'agenda', 'janela', 'carga']) {
      expect(placement(wide), wide).toEqual({ gridColumn: '1 / -1', minWidth: '0px' });
    }
    for (const narrow of ['texto', 'data']) {
      expect(placement(narrow), narrow).toEqual({ gridColumn: '', minWidth: '0px' });
    }
  });
});
