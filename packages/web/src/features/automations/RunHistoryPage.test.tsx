import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const subjects = [
  { subjectId: 3, subjectIdentifier: 'chamado', subjectName: 'Chamado', icon: null, isBuiltIn: false },
];
const job = {
  jobId: 7,
  name: 'Chamados urgentes',
  events: [{ eventId: 1, name: '', once: false, negate: false, steps: [{ eventStepType: 5, subjectId: 3 }] }],
  works: [],
};
const runs = [
  {
    runId: 41,
    jobId: 7,
    trigger: { kind: 'event', eventType: 5 },
    talkId: 300,
    status: 'failed',
    steps: [
      { workStepType: 'SetTalkTag', status: 'succeeded', error: null },
      { workStepType: 'SendEmail', status: 'failed', error: 'Servidor SMTP indisponível.' },
    ],
    startedAt: '2026-11-24T10:00:00.000Z',
    finishedAt: '2026-11-24T10:00:01.500Z',
  },
  {
    runId: 40,
    jobId: 7,
    trigger: { kind: 'event', eventType: 5 },
    talkId: 299,
    status: 'succeeded',
    steps: [{ workStepType: 'SetTalkTag', status: 'succeeded', error: null }],
    startedAt: '2026-11-24T09:00:00.000Z',
    finishedAt: '2026-11-24T09:00:00.200Z',
  },
];

describe('run history', { timeout: 30_000 }, () => {
  it('shows trigger, record, status per step, duration and error; a failed run can be retried or resumed', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', '/api/context/subjects', 200, subjects),
      on('GET', '/api/job/7', 200, job),
      on('GET', '/api/job/7/runs', 200, { itens: runs, totalResults: 2, currentPage: 1 }),
      on('POST', '/api/job/run/41/retry', 202, { runId: 42 }),
      on('POST', '/api/job/run/41/resume', 202, { runId: 41 }),
    );
    renderApp('/automation/history/7', adminUser);
    await screen.findByRole(
      'heading',
      { name: 'Histórico de execuções: Chamados urgentes' },
      { timeout: 10_000 },
    );
    const failed = (await screen.findByText('Servidor SMTP indisponível.')).closest('tr');
    if (!failed) throw new Error('no row');
    const row = within(failed);
    expect(row.getByText('Evento: Criação de registro')).toBeTruthy();
    expect(row.getByRole('link', { name: '#300' }).getAttribute('href')).toBe('/context/talk/chamado/300');
    expect(row.getByText('Falhou')).toBeTruthy();
    expect(row.getByText('Adicionar tag: Concluída')).toBeTruthy();
    expect(row.getByText('Enviar e-mail: Falhou')).toBeTruthy();
    expect(row.getByText('1,5 s')).toBeTruthy();
    // Only failed runs offer retry and resume.
    expect(screen.getAllByRole('button', { name: /^Tentar novamente a execução/ })).toHaveLength(1);
    await user.click(row.getByRole('button', { name: 'Tentar novamente a execução #41' }));
    await user.click(row.getByRole('button', { name: 'Retomar a execução #41 da etapa que falhou' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/job/run/')).map((c) => c.path)).toEqual([
        '/api/job/run/41/retry',
        '/api/job/run/41/resume',
      ]),
    );
  });

  it('follows a run over existing records with a progress bar and cancels it', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const calls = stubFetch(
      (call) =>
        call.path === '/api/job/run/90'
          ? {
              status: 200,
              body: {
                runId: 90,
                jobId: 7,
                trigger: { kind: 'existing' },
                talkId: null,
                status: cancelled ? 'cancelled' : 'running',
                steps: [],
                startedAt: '2026-11-24T10:00:00.000Z',
                finishedAt: null,
                progress: { done: 25, total: 100 },
              },
            }
          : undefined,
      (call) => {
        if (call.method === 'POST' && call.path === '/api/job/run/90/cancel') {
          cancelled = true;
          return { status: 202, body: {} };
        }
        return undefined;
      },
      on('GET', '/api/context/subjects', 200, subjects),
      on('GET', '/api/job/7', 200, job),
      on('GET', '/api/job/7/runs', 200, { itens: [], totalResults: 0, currentPage: 1 }),
    );
    renderApp('/automation/history/7?run=90', adminUser);
    const region = await screen.findByRole(
      'region',
      { name: 'Execução nos registros existentes' },
      { timeout: 10_000 },
    );
    const bar = await within(region).findByRole('progressbar', { name: 'Progresso da execução' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(within(region).getByText('25 de 100 registros')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Cancelar execução' }));
    await within(region).findByText('Cancelada');
    expect(calls.some((c) => c.path === '/api/job/run/90/cancel')).toBe(true);
    expect(await screen.findByText('Nenhuma execução registrada.')).toBeTruthy();
  });
});
