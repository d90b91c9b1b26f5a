import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import type { Template } from '@talkbase/domain/contracts/templates';
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

describe("the customer's ticket (issue 39 item 8)", () => {
  const AWAITING = 'Concluído, aguardando confirmação do cliente';
  const ALL = [...STATUSES, { id: 6, name: AWAITING }, { id: 7, name: 'Finalizado' }];
  const customer = () =>
    startSession({
      token: 'token',
      user: {
        accountId: 8,
        name: 'Carlos',
        email: 'cliente@empresa.test',
        phoneNumber: null,
        image: null,
        roomId: 1196,
        customer: true,
        isAdmin: false,
        keepConnected: true,
      },
    });

  it('offers a concluded ticket only its own status and "Finalizado"', async () => {
    customer();
    const concluded: ApiTalk = {
      ...talk,
      talkValues: talk.talkValues.map((v) =>
        v.subjectAttributeIdentifier === 'situacao' ? value(4, 'situacao', 6, AWAITING) : v,
      ),
    };
    stubFetch(
      on('GET', '/api/context/ctx-chamado/template', 200, { template: null }),
      on('GET', '/api/talk/chamado/5', 200, concluded),
      on('GET', '/api/SubjectAttribute/related/4', 200, { itens: ALL, totalResults: 6, currentPage: 1 }),
    );
    render(
      <MemoryRouter>
        <TestProviders>
          <RecordForm context={context} talkId={5} />
        </TestProviders>
      </MemoryRouter>,
    );
    await screen.findByRole('form', { name: 'Chamado' });
    await waitFor(() => expect(input(/^Situação/)).toHaveProperty('readOnly', false));
    const user = userEvent.setup();
    await user.click(input(/^Situação/));
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: 'Finalizado' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent.replace(/^check/, '')),
    ).toEqual([AWAITING, 'Finalizado']);
  });

  it('fills in its own company and offers no status on a new ticket', async () => {
    customer();
    stubFetch(
      on('GET', '/api/context/ctx-chamado/template', 200, { template: null }),
      on('GET', '/api/SubjectAttribute/related/4', 200, { itens: ALL, totalResults: 6, currentPage: 1 }),
      on('GET', '/api/SubjectAttribute/related/2', 200, {
        itens: [{ id: 10, name: 'Alfa Comércio' }],
        totalResults: 1,
        currentPage: 1,
      }),
    );
    render(
      <MemoryRouter>
        <TestProviders>
          <RecordForm context={context} talkId={0} />
        </TestProviders>
      </MemoryRouter>,
    );
    await screen.findByRole('form', { name: 'Chamado' });
    await waitFor(() => expect(input(/^Cliente/)).toHaveProperty('placeholder', 'Alfa Comércio'));
    expect(input(/^Situação/)).toHaveProperty('readOnly', true);
  });
});

/** A template placing only these attributes of the ticket above (one area each). */
function templateOf(templateId: number, templateType: 3 | 6, placed: [number, string][]): Template {
  return {
    templateId,
    templateName: templateType === 3 ? 'Chamado' : 'Edição de chamado',
    templateType,
    templateTypeName: templateType === 3 ? 'CompanyDefault' : 'TalkModalCompanyEdit',
    scenarioId: templateType === 3 ? 1 : 2,
    subjectId: 9,
    subjectIdentifier: 'chamado',
    subjectName: 'Chamado',
    accountId: null,
    accountName: null,
    parentTemplateId: null,
    scenario: templateType === 3 ? 'grid' : 'form',
    companyId: 1,
    showTalkIdOnGrid: false,
    version: 1,
    relatedTemplateIds: [],
    relatedTemplates: [],
    templateAreas: placed.map(([id, identifier], i) => ({
      templateAreaId: 100 + i,
      subjectAttributeId: id,
      subjectAttributeIdentifier: identifier,
      attributeName: identifier,
      templateAreaName: null,
      order: i + 1,
      widgetId: 1,
      templateAreaConfigs: [],
      viewTemplateAreaConfigs: {
        Width: 200,
        IsFixed: false,
        IsOrderable: false,
        ishidden: false,
        isrequired: false,
        hiddenfielddefaultvalue: null,
        preselect: null,
      },
      templateAreaSubjectAttributes: [],
      templateAreasMap: [],
      templateAreaTalkModal: null,
    })),
  };
}

describe('the form a template lays out (issue 39)', () => {
  const withDiagnosis: ContextResponse = {
    ...context,
    subject: {
      ...context.subject,
      subjectAttributes: [
        ...attributes,
        contextAttribute({
          subjectAttributeId: 7,
          identifier: 'diagnostico',
          name: 'Diagnóstico',
          componentId: 1,
          order: 7,
        }),
      ],
    },
  };
  const statuses = [...STATUSES, { id: 5, name: 'Concluído' }];
  const shownFields = () =>
    [...document.querySelectorAll<HTMLElement>('.record-field')].map((f) => f.dataset.field);

  function renderWith(ctx: ContextResponse, formTemplate: Template | null) {
    startSession({
      token: 'token',
      user: {
        accountId: 7,
        name: 'Ana',
        email: 'ana@empresa.test',
        phoneNumber: null,
        image: null,
        roomId: 5,
        customer: false,
        isAdmin: false,
        keepConnected: true,
      },
    });
    const calls = stubFetch(
      on('GET', '/api/context/ctx-chamado/template', 200, { template: formTemplate }),
      on('GET', '/api/talk/chamado/5', 200, talk),
      on('GET', '/api/SubjectAttribute/related/4', 200, { itens: statuses, totalResults: 5, currentPage: 1 }),
      on('PUT', '/api/talk/chamado/5', 200, talk),
    );
    render(
      <MemoryRouter>
        <TestProviders>
          <RecordForm context={ctx} talkId={5} />
        </TestProviders>
      </MemoryRouter>,
    );
    return calls;
  }

  it("shows every field when the subject has no form, whatever the grid's columns", async () => {
    // The default grid template shows the title only; the server has no edition form.
    renderWith({ ...withDiagnosis, template: templateOf(1, 3, [[1, 'titulo']]) }, null);
    await screen.findByRole('form', { name: 'Chamado' });
    expect(shownFields()).toEqual([
      'titulo',
      'cliente',
      'telefone',
      'situacao',
      'previsaoetapa',
      'conclusao',
      'diagnostico',
    ]);
  });

  it('adds to a form template the fields a rule requires, and saves them', async () => {
    const calls = renderWith(
      withDiagnosis,
      templateOf(2, 6, [
        [1, 'titulo'],
        [4, 'situacao'],
      ]),
    );
    await screen.findByRole('form', { name: 'Chamado' });
    // The stored status 'Em análise' asks for the step forecast: the template left it out, it is added.
    expect(shownFields()).toEqual(['titulo', 'situacao', 'previsaoetapa']);
    const user = userEvent.setup();
    await user.click(input(/^Situação/));
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Concluído' }),
    );
    // Closing asks for the diagnosis instead (and no longer for the step forecast).
    await waitFor(() => expect(shownFields()).toEqual(['titulo', 'situacao', 'diagnostico']));
    expect(await screen.findByText('O campo Diagnóstico é obrigatório')).toBeTruthy();
    await user.type(input(/^Diagnóstico/), 'Defeito no sistema');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as {
      talkValues: { subjectAttributeId: number; value: unknown }[];
    };
    expect(put.talkValues).toEqual([
      { subjectAttributeId: 4, value: 5 },
      { subjectAttributeId: 7, value: 'Defeito no sistema' },
    ]);
  });
});
