import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextAttribute, TestProviders } from '../../../fields/test-utils.tsx';
import { on, stubFetch } from '../../../test/fetch-stub.ts';
import { RelatedRecords } from './RelatedRecords.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TICKET_LINK = {
  subjectAttributeId: 31,
  subjectAttributeIdentifier: 'chamado',
  attributeName: 'Chamado',
  isMultipleValues: false,
  relatedSubject: { subjectId: 3, subjectIdentifier: 'tarefa', subjectName: 'Tarefa', icon: 'task_alt' },
};

const ticket: ContextResponse = {
  contextId: 'ctx-chamado',
  scenario: 'talk',
  subject: {
    subjectId: 2,
    subjectName: 'Chamado',
    subjectIdentifier: 'chamado',
    icon: null,
    isBuiltIn: false,
    subjectAttributes: [],
    actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [TICKET_LINK],
  template: null,
};

const task: ContextResponse = {
  contextId: 'ctx-tarefa',
  scenario: 'grid',
  subject: {
    subjectId: 3,
    subjectName: 'Tarefa',
    subjectIdentifier: 'tarefa',
    icon: 'task_alt',
    isBuiltIn: false,
    subjectAttributes: [
      contextAttribute({ subjectAttributeId: 30, identifier: 'assunto', name: 'Assunto', componentId: 1 }),
      contextAttribute({ subjectAttributeId: 31, identifier: 'chamado', name: 'Chamado', componentId: 4 }),
    ],
    actions: { Read: true, Create: false, Update: true, Delete: true, Deactivate: true },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [],
  template: null,
};

const row = (talkId: number, assunto: string) => ({
  talkId,
  subject: 'tarefa',
  subjectId: 3,
  isActive: true,
  displayName: assunto,
  isReadOnly: false,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 1,
  templateId: null,
  tags: [],
  talkValues: [
    { subjectAttributeId: 30, subjectAttributeIdentifier: 'assunto', value: assunto },
    { subjectAttributeId: 31, subjectAttributeIdentifier: 'chamado', value: 12, displayValue: 'Chamado 12' },
  ],
  talkAttachments: [],
});

function renderArea(context: ContextResponse = ticket) {
  return render(
    <MemoryRouter>
      <TestProviders>
        <RelatedRecords context={context} talkId={12} />
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('RelatedRecords', () => {
  it('lists the records pointing to this one, filtered by it on the server', async () => {
    const calls = stubFetch(
      on('GET', '/api/context/web/grid/tarefa', 200, task),
      on('POST', '/api/talk/filter/tarefa/', 200, {
        itens: [row(101, 'Revisar o log'), row(102, 'Ligar para o cliente')],
        currentPage: 1,
        totalResults: 2,
      }),
    );
    renderArea();
    const table = await screen.findByRole('table', { name: 'Tarefa relacionados' });
    expect(within(table).getByText('Revisar o log')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Abrir Tarefa #102' }).getAttribute('href')).toBe(
      '/context/talk/tarefa/102',
    );
    // The parent's own column is left out: every row holds this record.
    expect(within(table).queryByRole('columnheader', { name: 'Chamado' })).toBeNull();
    const filter = calls.find((c) => c.path === '/api/talk/filter/tarefa/');
    expect(filter?.body).toMatchObject({ talkParent: { subjectAttributeId: 31, talkId: 12 }, page: 1 });
    // Without the create permission on tasks, no 'Novo'.
    expect(screen.queryByRole('button', { name: 'Novo registro de Tarefa ligado a este' })).toBeNull();
  });

  it('says when no record points to this one', async () => {
    stubFetch(
      on('GET', '/api/context/web/grid/tarefa', 200, {
        ...task,
        subject: { ...task.subject, actions: { ...task.subject.actions, Create: true } },
      }),
      on('POST', '/api/talk/filter/tarefa/', 200, { itens: [], currentPage: 1, totalResults: 0 }),
    );
    renderArea();
    expect(await screen.findByText('Nenhum registro de Tarefa ligado a este.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo registro de Tarefa ligado a este' })).toBeTruthy();
  });

  it('shows a failed load with a retry that loads again', async () => {
    let fail = true;
    stubFetch(on('GET', '/api/context/web/grid/tarefa', 200, task), (call) =>
      call.path === '/api/talk/filter/tarefa/'
        ? fail
          ? { status: 500, body: { errors: [{ message: 'Erro' }] } }
          : { status: 200, body: { itens: [row(101, 'Revisar o log')], currentPage: 1, totalResults: 1 } }
        : undefined,
    );
    renderArea();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Não foi possível carregar os registros relacionados.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Revisar o log')).toBeTruthy();
  });

  it('shows nothing when no readable subject points to this one', () => {
    const calls = stubFetch();
    const { container } = renderArea({ ...ticket, subjectsThatReferThis: [] });
    expect(container.querySelector('.related-records')).toBeNull();
    expect(calls).toEqual([]);
  });
});
