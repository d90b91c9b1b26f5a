import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiTask, TaskInfo } from '@talkbase/domain/contracts/tasks';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { contextAttribute, contextResponse, TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { clearNotices, getNotices } from '../notices/notices-store.ts';
import { ActiveTaskView } from './ActiveTaskView.tsx';
import { TaskRecordBar } from './TaskRecordBar.tsx';

const context = contextResponse(
  [
    contextAttribute({ subjectAttributeId: 1, identifier: 'assunto', name: 'Assunto', componentId: 1 }),
    contextAttribute({
      subjectAttributeId: 2,
      identifier: 'previsaodetermino',
      name: 'Previsão de término',
      componentId: 11,
    }),
    contextAttribute({
      subjectAttributeId: 3,
      identifier: 'duracaoestimada',
      name: 'Duração estimada',
      componentId: 19,
    }),
  ],
  { scenario: 'activetask' },
);

function info(over: Partial<TaskInfo> = {}): TaskInfo {
  return {
    talkId: 7,
    title: 'Revisar contrato',
    state: 'running',
    status: 'Em Execução',
    runningSince: new Date(Date.now() - 5000).toISOString(),
    runningBy: { accountId: 2, name: 'Ana' },
    accumulatedMs: 60_000,
    elapsedSeconds: 65,
    serverTime: new Date().toISOString(),
    forecastStart: null,
    forecastEnd: '2099-01-01T12:00:00.000Z',
    estimatedDuration: '01:00:00',
    delay: { deadline: false, estimate: false },
    deadlineReason: null,
    estimateReason: null,
    actions: ['pause', 'finish'],
    ...over,
  };
}

const task = (over: Partial<TaskInfo> = {}): ApiTask => ({
  talkId: 7,
  subject: 'tarefa',
  subjectId: 3,
  isActive: true,
  displayName: 'Revisar contrato',
  isReadOnly: false,
  version: 4,
  createdAt: new Date().toISOString(),
  createdBy: 2,
  updatedAt: new Date().toISOString(),
  updatedBy: 2,
  templateId: null,
  tags: [],
  talkValues: [],
  talkAttachments: [],
  task: info(over),
});

const view = (node: React.ReactNode) =>
  render(
    <MemoryRouter>
      <TestProviders>{node}</TestProviders>
    </MemoryRouter>,
  );

afterEach(() => clearNotices());

describe('active task scenario', () => {
  it('says when no task runs and offers the fast creation', async () => {
    stubFetch(on('GET', '/api/Talk/Task/InProgress', 200, { message: null }));
    view(<ActiveTaskView context={context} />);
    expect(screen.getByLabelText('Carregando a tarefa em execução…')).toBeTruthy();
    await screen.findByText('Nenhuma tarefa em execução no momento.');
    expect(screen.getByRole('button', { name: 'Criar e iniciar' })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let failing = true;
    stubFetch((call) =>
      call.path === '/api/Talk/Task/InProgress'
        ? failing
          ? { status: 500, body: { errors: [{ message: 'falhou' }] } }
          : { status: 200, body: { message: null } }
        : undefined,
    );
    view(<ActiveTaskView context={context} />);
    await screen.findByText('Não foi possível carregar a tarefa em execução.', {}, { timeout: 5000 });
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Nenhuma tarefa em execução no momento.');
  });

  it('shows the running task with its timer and pauses it', async () => {
    const calls = stubFetch(
      on('GET', '/api/Talk/Task/InProgress', 200, { message: info() }),
      on('GET', '/api/talk/tarefa/7', 200, task()),
      on('POST', '/api/talk/tarefa/pausar', 200, {
        talkId: 7,
        message: 'Tarefa #7 pausada com sucesso!',
        task: info({ state: 'paused', runningSince: null }),
      }),
    );
    view(<ActiveTaskView context={context} />);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^00:01:0[4-6]$/);
    expect(screen.getByText('Em Execução')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(getNotices().map((n) => n.title)).toContain('Tarefa #7 pausada com sucesso!'));
    expect(calls.find((c) => c.path === '/api/talk/tarefa/pausar')?.body).toEqual({ talkId: 7 });
  });

  it('asks for the estimates before starting a task without them', async () => {
    const calls = stubFetch(
      on(
        'GET',
        '/api/talk/tarefa/7',
        200,
        task({
          state: 'waiting',
          status: 'Aguardando Execução',
          runningSince: null,
          forecastEnd: null,
          estimatedDuration: null,
          actions: ['start'],
        }),
      ),
    );
    view(<TaskRecordBar context={context} talkId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estimativas da tarefa' });
    expect(dialog.textContent).toContain(
      'Para iniciar a tarefa, informe a previsão de término e a duração estimada.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar e iniciar' }));
    expect(await screen.findByText('O campo Duração estimada é obrigatório')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/talk/tarefa/iniciar')).toBe(false);
  });

  it('does not create a quick task while a field holds text that is not a value yet', async () => {
    const calls = stubFetch(on('GET', '/api/Talk/Task/InProgress', 200, { message: null }));
    view(<ActiveTaskView context={context} />);
    await userEvent.type(await screen.findByLabelText(/Assunto/), 'Conferir notas');
    await userEvent.type(screen.getByLabelText(/Previsão de término/), '01/01/2099 12:00');
    const estimate = screen.getByLabelText(/Duração estimada/);
    await userEvent.type(estimate, '12:3');
    await userEvent.click(screen.getByRole('button', { name: 'Criar e iniciar' }));
    await waitFor(() => expect(estimate.getAttribute('aria-invalid')).toBe('true'));
    // The editor's own reading of the text, not "required": the field is not empty.
    expect(screen.getByText('Duração inválida')).toBeTruthy();
    expect(screen.queryByText('O campo Duração estimada é obrigatório')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
