import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mock } from 'vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobRunDetail } from '@talkbase/domain/contracts/job-runs';
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
const jobList = {
  itens: [
    { jobId: 7, name: 'Chamados urgentes', eventTypes: [5], updatedAt: '2026-11-24T09:00:00.000Z' },
    { jobId: 8, name: 'Webhook do ERP', eventTypes: [6], updatedAt: '2026-11-24T09:00:00.000Z' },
  ],
  totalResults: 2,
  currentPage: 1,
};
const failed: JobRunDetail = {
  runId: 41,
  jobId: 7,
  jobName: 'Chamados urgentes',
  trigger: {
    kind: 'event',
    eventType: 6,
    accountId: 2,
    accountName: 'Ana Souza',
    changed: ['prioridade', 'titulo'],
  },
  talkId: 300,
  subjectId: 3,
  subject: 'chamado',
  status: 'failed',
  steps: [
    {
      workStepType: 'SetTalkValueByEvent',
      status: 'succeeded',
      error: null,
      detail: { subject: 'chamado', talkId: 300, values: [{ attribute: 'Situação', value: 'Em análise' }] },
      ms: 42,
    },
    {
      workStepType: 'SetTalkTag',
      status: 'succeeded',
      error: null,
      detail: { tags: [{ tagId: 9, name: 'Urgente', changed: true }] },
      ms: 8,
    },
    {
      workStepType: 'SendEmail',
      status: 'succeeded',
      error: null,
      detail: {
        emails: [{ to: ['ana@cliente.com.br', 'suporte@talkbase.local'], subject: 'Chamado urgente aberto' }],
      },
      ms: 1250,
    },
    {
      workStepType: 'HttpRequest',
      status: 'failed',
      error: 'O destino respondeu 404.',
      attempts: 1,
      detail: {
        requests: [{ method: 'POST', url: 'https://erp.exemplo.com.br/chamados?token=***', status: 404 }],
      },
      ms: 230,
    },
    { workStepType: 'Notification', status: 'cancelled', error: null, detail: null, ms: null },
  ],
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:01.500Z',
};
const succeeded: JobRunDetail = {
  runId: 40,
  jobId: 8,
  jobName: 'Webhook do ERP',
  trigger: { kind: 'schedule', slot: '2026-11-24T11:00:00.000Z' },
  talkId: null,
  subjectId: 3,
  subject: 'chamado',
  status: 'succeeded',
  steps: [{ workStepType: 'SetTalkTag', status: 'succeeded', error: null, detail: null, ms: 3 }],
  startedAt: '2026-11-24T09:00:00.000Z',
  finishedAt: '2026-11-24T09:00:00.200Z',
  progress: { done: 12, total: 12 },
};

/** The query strings the page asked the run list with. */
function runQueries(): URLSearchParams[] {
  return (globalThis.fetch as unknown as Mock).mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/job/runs')
    .map((u) => u.searchParams);
}

describe('run history', { timeout: 30_000 }, () => {
  it("one job's runs: trigger, record with 'Ver registro', each step's detail and duration, the error; retry and resume", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('GET', '/api/context/subjects', 200, subjects),
      on('GET', '/api/job/7', 200, job),
      on('GET', '/api/job', 200, jobList),
      on('GET', '/api/job/runs', 200, { itens: [failed], totalResults: 1, currentPage: 1 }),
      on('POST', '/api/job/run/41/retry', 200, failed),
      on('POST', '/api/job/run/41/resume', 200, failed),
    );
    renderApp('/automation/history/7', adminUser);
    await screen.findByRole(
      'heading',
      { name: 'Histórico de execuções: Chamados urgentes' },
      { timeout: 10_000 },
    );
    const run = await screen.findByRole('article', { name: 'Execução #41' });
    const card = within(run);
    // The trigger: the event, who, which fields.
    expect(card.getByText('Evento: Edição de registro')).toBeTruthy();
    expect(card.getByText('por Ana Souza')).toBeTruthy();
    expect(card.getByText('prioridade, titulo')).toBeTruthy();
    // The record and its link.
    expect(card.getByText('Chamado #300')).toBeTruthy();
    const open = card.getByRole('link', { name: 'Ver registro #300' });
    expect(open.getAttribute('href')).toBe('/context/talk/chamado/300');
    expect(open.textContent).toContain('Ver registro');
    // Started, duration; the job's own page does not repeat its name on each run.
    expect(card.getByText('Duração: 1,5 s')).toBeTruthy();
    // In the company's time zone (São Paulo), whatever the browser's: 10:00 UTC is 07:00 there.
    expect(card.getByText('Início: 24/11/2026, 07:00:00')).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Chamados urgentes' })).toBeNull();
    // Each step: what it did and how long it took.
    const steps = within(card.getByRole('list', { name: 'Etapas' }));
    const step = (n: number) =>
      within(steps.getAllByRole('listitem').filter((li) => li.dataset.step === String(n))[0] as HTMLElement);
    expect(step(0).getByText('1. Alterar valor do registro do evento')).toBeTruthy();
    expect(step(0).getByText('Em análise')).toBeTruthy();
    expect(step(0).getByText('42 ms')).toBeTruthy();
    expect(step(1).getByText('Urgente (adicionada)')).toBeTruthy();
    expect(step(2).getByText('ana@cliente.com.br, suporte@talkbase.local')).toBeTruthy();
    expect(step(2).getByText('Chamado urgente aberto')).toBeTruthy();
    expect(step(2).getByText('1,3 s')).toBeTruthy();
    expect(step(3).getByText('POST https://erp.exemplo.com.br/chamados?token=***')).toBeTruthy();
    expect(step(3).getByText('404')).toBeTruthy();
    expect(step(3).getByText('O destino respondeu 404.')).toBeTruthy();
    expect(step(3).getByText('Falhou')).toBeTruthy();
    expect(step(4).getByText('Cancelada')).toBeTruthy();
    expect(step(4).queryByText(/ms$/)).toBeNull();
    // A failed run is retried or resumed from here.
    await user.click(card.getByRole('button', { name: 'Tentar novamente a execução #41' }));
    await screen.findByText('Execução enviada para nova tentativa.');
    await user.click(card.getByRole('button', { name: 'Retomar a execução #41 da etapa que falhou' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/job/run/')).map((c) => c.path)).toEqual([
        '/api/job/run/41/retry',
        '/api/job/run/41/resume',
      ]),
    );
    expect(runQueries()[0]?.get('jobId')).toBe('7');
  });

  it("every job's runs, filtered by status and by job", async () => {
    const user = userEvent.setup();
    stubFetch(
      on('GET', '/api/context/subjects', 200, subjects),
      on('GET', '/api/job', 200, jobList),
      on('GET', '/api/job/7', 200, job),
      on('GET', '/api/job/runs', 200, { itens: [failed, succeeded], totalResults: 2, currentPage: 1 }),
    );
    const { router } = renderApp('/automation/history', adminUser);
    await screen.findByRole('heading', { name: 'Execuções' }, { timeout: 10_000 });
    const list = await screen.findByRole('list', { name: 'Execuções' });
    // Each run names its job (a link to that job's runs); a schedule says its slot and progress.
    const scheduled = within(within(list).getByRole('article', { name: 'Execução #40' }));
    expect(scheduled.getByRole('link', { name: 'Webhook do ERP' }).getAttribute('href')).toBe(
      '/automation/history/8',
    );
    expect(scheduled.getByText(/^Agendamento: horário de 24\/11\/2026/)).toBeTruthy();
    expect(scheduled.getByText('12 de 12 registros')).toBeTruthy();
    expect(scheduled.getByText('—')).toBeTruthy();
    expect(runQueries()[0]?.has('status')).toBe(false);
    expect(runQueries()[0]?.has('jobId')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Falhou' }));
    await waitFor(() => expect(runQueries().at(-1)?.get('status')).toBe('failed'));
    expect(router.state.location.search).toBe('?status=failed');

    await user.click(screen.getByRole('combobox', { name: 'Automação' }));
    await user.click(await screen.findByRole('option', { name: 'Chamados urgentes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/automation/history/7'));
    await waitFor(() => {
      const last = runQueries().at(-1);
      expect([last?.get('jobId'), last?.get('status')]).toEqual(['7', 'failed']);
    });
    await screen.findByRole('heading', { name: 'Histórico de execuções: Chamados urgentes' });
  });

  it('says when the list could not load, and when no run matches', async () => {
    const user = userEvent.setup();
    let broken = true;
    stubFetch(
      on('GET', '/api/context/subjects', 200, subjects),
      on('GET', '/api/job', 200, jobList),
      (call) =>
        call.path === '/api/job/runs'
          ? broken
            ? { status: 500, body: { errors: [{ message: 'x' }] } }
            : { status: 200, body: { itens: [], totalResults: 0, currentPage: 1 } }
          : undefined,
    );
    renderApp('/automation/history?status=cancelled', adminUser);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText(/Ocorreu um erro no carregamento/)).toBeTruthy();
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhuma execução com estes filtros.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Situação' }).value).toBe('Cancelada');
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
                subjectId: 3,
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
      on('GET', '/api/job', 200, jobList),
      on('GET', '/api/job/runs', 200, { itens: [], totalResults: 0, currentPage: 1 }),
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
