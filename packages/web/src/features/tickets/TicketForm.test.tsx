import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { RecordForm } from '../records/form/RecordForm.tsx';
import { resetSessionCache, startSession } from '../session/session-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionCache();
  window.localStorage.clear();
});

const attributes = [
  contextAttribute({ subjectAttributeId: 1, identifier: 'titulo', name: 'Título', componentId: 1, order: 1 }),
  contextAttribute({
    subjectAttributeId: 2,
    identifier: 'cliente',
    name: 'Cliente',
    componentId: 4,
    order: 2,
  }),
  contextAttribute({
    subjectAttributeId: 3,
    identifier: 'telefone',
    name: 'Telefone',
    componentId: 1,
    order: 3,
  }),
  contextAttribute({
    subjectAttributeId: 4,
    identifier: 'situacao',
    name: 'Situação',
    componentId: 4,
    order: 4,
  }),
  contextAttribute({
    subjectAttributeId: 5,
    identifier: 'previsaoetapa',
    name: 'Previsão da etapa',
    componentId: 1,
    order: 5,
  }),
  contextAttribute({
    subjectAttributeId: 6,
    identifier: 'conclusao',
    name: 'Conclusão',
    componentId: 1,
    order: 6,
  }),
];

const context: ContextResponse = {
  contextId: 'ctx-chamado',
  scenario: 'form',
  subject: {
    subjectId: 9,
    subjectName: 'Chamado',
    subjectIdentifier: 'chamado',
    icon: null,
    isBuiltIn: false,
    subjectAttributes: attributes,
    actions: { Read: true, Create: true, Update: true, Delete: false, Deactivate: false },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [],
  template: null,
};

const value = (id: number, identifier: string, v: unknown, displayValue?: string) => ({
  subjectAttributeId: id,
  subjectAttributeIdentifier: identifier,
  value: v,
  ...(displayValue ? { displayValue } : {}),
});

const talk: ApiTalk = {
  talkId: 5,
  subject: 'chamado',
  subjectId: 9,
  isActive: true,
  displayName: 'Erro na nota',
  isReadOnly: false,
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 1,
  templateId: null,
  tags: [],
  talkValues: [
    value(1, 'titulo', 'Erro na nota'),
    value(2, 'cliente', 10, 'Alfa Comércio'),
    value(3, 'telefone', '(11) 3333-4444'),
    value(4, 'situacao', 2, 'Em análise'),
    value(5, 'previsaoetapa', '30/11/2026 10:00'),
    value(6, 'conclusao', 'Ajuste aplicado'),
  ],
  talkAttachments: [],
};

const STATUSES = ['Aberto', 'Em análise', 'Em desenvolvimento', 'Aguardando cliente'].map((name, i) => ({
  id: i + 1,
  name,
}));

function renderTicket(roomId: number) {
  startSession({
    token: 'token',
    user: {
      accountId: 7,
      name: 'Ana',
      email: 'ana@empresa.test',
      phoneNumber: null,
      image: null,
      roomId,
      customer: roomId === 1196,
      isAdmin: false,
      keepConnected: true,
    },
  });
  const calls = stubFetch(
    on('GET', '/api/context/ctx-chamado/template', 200, { template: null }),
    on('GET', '/api/talk/chamado/5', 200, talk),
    on('GET', '/api/SubjectAttribute/related/4', 200, { itens: STATUSES, totalResults: 4, currentPage: 1 }),
    on('PUT', '/api/talk/chamado/5', 200, talk),
  );
  render(
    <MemoryRouter>
      <TestProviders>
        <RecordForm context={context} talkId={5} />
      </TestProviders>
    </MemoryRouter>,
  );
  return calls;
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the ticket rules in the record form', () => {
  it('drops the step forecast and the conclusion as an attendant moves the status, and asks for them', async () => {
    const calls = renderTicket(5);
    await screen.findByRole('form', { name: 'Chamado' });
    const user = userEvent.setup();
    await user.click(input(/^Situação/));
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Em desenvolvimento' }),
    );
    // A new status starts a new step: the stored forecast goes and is asked for again.
    await waitFor(() => expect(input(/^Previsão da etapa/)).toHaveProperty('value', ''));
    expect(await screen.findByText('O campo Previsão da etapa é obrigatório')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveProperty('disabled', true);
    expect(input(/^Conclusão/)).toHaveProperty('value', 'Ajuste aplicado');

    await user.click(input(/^Situação/));
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Aguardando cliente' }),
    );
    await waitFor(() => expect(input(/^Conclusão/)).toHaveProperty('value', ''));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as {
      talkValues: { subjectAttributeId: number; value: unknown }[];
    };
    expect(put.talkValues).toEqual(
      expect.arrayContaining([
        { subjectAttributeId: 4, value: 4 },
        { subjectAttributeId: 5, value: null },
        { subjectAttributeId: 6, value: null },
      ]),
    );
  });

  it("keeps the customer's customer, phone and status read-only", async () => {
    renderTicket(1196);
    await screen.findByRole('form', { name: 'Chamado' });
    await waitFor(() => expect(input(/^Cliente/)).toHaveProperty('readOnly', true));
    expect(input(/^Telefone/)).toHaveProperty('readOnly', true);
    expect(input(/^Situação/)).toHaveProperty('readOnly', true);
    expect(input(/^Título/)).toHaveProperty('readOnly', false);
  });
});
