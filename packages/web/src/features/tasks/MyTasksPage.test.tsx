import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { resetSessionCache, startSession } from '../session/session-store.ts';
import { MyTasksPage } from './MyTasksPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionCache();
  window.localStorage.clear();
});

const context = {
  contextId: 'ctx-tarefa',
  scenario: 'grid',
  subject: {
    subjectId: 3,
    subjectName: 'Tarefa',
    subjectIdentifier: 'tarefa',
    icon: 'task_alt',
    isBuiltIn: false,
    subjectAttributes: [],
    actions: { Read: true, Create: true, Update: true, Delete: true, Deactivate: true },
  },
  relatedSubjects: [],
  subjectsThatReferThis: [],
  template: null,
};

const talk = (talkId: number, displayName: string) => ({
  talkId,
  subject: 'tarefa',
  subjectId: 3,
  isActive: true,
  displayName,
  isReadOnly: false,
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 7,
  updatedAt: '2026-11-01T10:00:00.000Z',
  updatedBy: 7,
  templateId: null,
  tags: [],
  talkValues: [],
  talkAttachments: [],
});

const info = (talkId: number, state: 'waiting' | 'running', status: string, elapsedSeconds: number) => ({
  talkId,
  title: 'Tarefa',
  state,
  status,
  runningSince: state === 'running' ? '2026-11-01T10:00:00.000Z' : null,
  runningBy: null,
  accumulatedMs: elapsedSeconds * 1000,
  elapsedSeconds,
  serverTime: '2026-11-01T10:00:00.000Z',
  forecastStart: null,
  forecastEnd: null,
  estimatedDuration: null,
  delay: { deadline: false, estimate: false },
  deadlineReason: null,
  estimateReason: null,
  actions: [],
});

function renderPage() {
  startSession({
    token: 'token',
    user: {
      accountId: 7,
      name: 'Ana',
      email: 'ana@empresa.test',
      phoneNumber: null,
      image: null,
      roomId: 2,
      customer: false,
      isAdmin: false,
      keepConnected: true,
    },
  });
  return render(
    <MemoryRouter>
      <TestProviders>
        <MyTasksPage />
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('MyTasksPage', () => {
  it("lists the signed-in person's tasks, newest first, each with its state and timer", async () => {
    const calls = stubFetch(
      on('GET', '/api/context/web/grid/tarefa', 200, context),
      on('POST', '/api/talk/filter/tarefa/', 200, {
        itens: [talk(12, 'Atualizar a documentação'), talk(11, 'Revisar o log')],
        items: [],
        currentPage: 1,
        totalResults: 2,
      }),
      on('GET', '/api/talk/tarefa/12', 200, {
        ...talk(12, 'Atualizar a documentação'),
        task: info(12, 'running', 'Em Execução', 3723),
      }),
      on('GET', '/api/talk/tarefa/11', 200, {
        ...talk(11, 'Revisar o log'),
        task: info(11, 'waiting', 'Aguardando Execução', 0),
      }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Minhas tarefas' });
    const running = (await within(table).findByText('Em Execução')).closest('tr');
    expect(running?.getAttribute('data-task')).toBe('12');
    expect(within(running as HTMLElement).getByRole('timer').textContent).toMatch(/^01:02:0\d$/);
    expect(await within(table).findByText('Aguardando Execução')).toBeTruthy();
    const filter = calls.find((c) => c.path === '/api/talk/filter/tarefa/');
    expect(filter?.body).toMatchObject({
      filterJson: { condition: 'E', rules: [{ attribute: 'created_by', operator: 'equal', value: 7 }] },
      order: { attribute: 'id', direction: 0 },
    });
  });

  it('says so when the account may not read tasks, and offers a retry when the list fails', async () => {
    stubFetch(on('GET', '/api/context/web/grid/tarefa', 403, { errors: [{ message: 'Sem permissão.' }] }));
    const first = renderPage();
    expect(await screen.findByText('Seu perfil não tem acesso às tarefas.')).toBeTruthy();
    first.unmount();

    let fail = true;
    stubFetch(on('GET', '/api/context/web/grid/tarefa', 200, context), (call) =>
      call.path === '/api/talk/filter/tarefa/'
        ? fail
          ? { status: 500, body: { errors: [{ message: 'Erro' }] } }
          : { status: 200, body: { itens: [], items: [], currentPage: 1, totalResults: 0 } }
        : undefined,
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Não foi possível carregar suas tarefas.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Você ainda não tem tarefas.')).toBeTruthy();
  });
});
