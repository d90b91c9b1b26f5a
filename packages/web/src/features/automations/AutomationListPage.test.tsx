import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { adminUser, ordinaryUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const jobs = [
  { jobId: 7, name: 'Chamados urgentes', eventTypes: [5], updatedAt: '2026-11-24T10:00:00.000Z' },
  { jobId: 8, name: 'Lembrete diário', eventTypes: [4], updatedAt: '2026-11-24T10:00:00.000Z' },
];

describe('automations list', { timeout: 30_000 }, () => {
  it('lists jobs as links to the editor with history and delete; deletes after "Deseja realmente excluir esse item?"', async () => {
    const user = userEvent.setup();
    let list = [...jobs];
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE' && call.path === '/api/job/7') {
        list = list.filter((j) => j.jobId !== 7);
        return { status: 204 };
      }
      if (call.method === 'GET' && call.path === '/api/job')
        return { status: 200, body: { itens: list, totalResults: list.length, currentPage: 1 } };
      return undefined;
    });
    renderApp('/automation/list', adminUser);
    await screen.findByRole('heading', { name: 'Automações', level: 1 }, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Configurar nova automação' }).getAttribute('href')).toBe(
      '/automation/editor',
    );
    const rows = await screen.findByRole('list', { name: 'Automações' });
    expect(within(rows).getByRole('link', { name: 'Chamados urgentes' }).getAttribute('href')).toBe(
      '/automation/editor/7',
    );
    expect(within(rows).getByText('Criação de registro')).toBeTruthy();
    expect(
      within(rows)
        .getByRole('link', { name: 'Histórico de execuções de Chamados urgentes' })
        .getAttribute('href'),
    ).toBe('/automation/history/7');
    expect(screen.getByText('2 automações')).toBeTruthy();

    await user.click(within(rows).getByRole('button', { name: 'Excluir Chamados urgentes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir automação' });
    expect(within(dialog).getByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Chamados urgentes' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/job/7')).toBe(true);
  });

  it("says 'Não há nenhuma automação configurada' when there is none", async () => {
    stubFetch(on('GET', '/api/job', 200, { itens: [], totalResults: 0, currentPage: 1 }));
    renderApp('/automation/list', adminUser);
    await screen.findByText('Não há nenhuma automação configurada', {}, { timeout: 10_000 });
  });

  it('offers to try again when the list fails to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch((call) =>
      call.path === '/api/job'
        ? fail
          ? { status: 500, body: { errors: [{ message: 'x' }] } }
          : { status: 200, body: { itens: jobs, totalResults: 2, currentPage: 1 } }
        : undefined,
    );
    renderApp('/automation/list', adminUser);
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 10_000 });
    expect(
      screen.getByText('Ocorreu um erro no carregamento da página. Por favor, tente novamente.'),
    ).toBeTruthy();
    fail = false;
    await user.click(retry);
    await screen.findByRole('link', { name: 'Chamados urgentes' });
  });
  it('sends away an ordinary user and an administrator of another room (000 §6: room 1 only)', async () => {
    const calls = stubFetch(on('GET', '/api/job', 200, { itens: [], totalResults: 0, currentPage: 1 }));
    for (const user of [ordinaryUser, { ...adminUser, roomId: 7 }]) {
      const { router, unmount } = renderApp('/automation/editor', user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.queryByRole('heading', { name: 'Criar nova automação' })).toBeNull();
      unmount();
    }
    expect(calls.some((c) => c.path.startsWith('/api/job'))).toBe(false);
  });

  it('pauses and resumes the whole engine, saying so above the jobs (issue 33)', async () => {
    const user = userEvent.setup();
    let engine = { paused: false, pausedAt: null as string | null, pausedBy: null as number | null };
    const calls = stubFetch((call) => {
      if (call.path === '/api/job/engine') return { status: 200, body: engine };
      if (call.method === 'POST' && call.path === '/api/job/pause') {
        engine = { paused: true, pausedAt: '2026-11-29T10:00:00.000Z', pausedBy: 1 };
        return { status: 200, body: engine };
      }
      if (call.method === 'POST' && call.path === '/api/job/resume') {
        engine = { paused: false, pausedAt: null, pausedBy: null };
        return { status: 200, body: engine };
      }
      if (call.method === 'GET' && call.path === '/api/job')
        return { status: 200, body: { itens: jobs, totalResults: jobs.length, currentPage: 1 } };
      return undefined;
    });
    renderApp('/automation/list', adminUser);
    await user.click(await screen.findByRole('button', { name: 'Pausar automações' }, { timeout: 10_000 }));
    await screen.findByText('Automações pausadas');
    expect(screen.getByText(/Desde 29\/11\/2026 07:00, nenhuma execução começa nem continua/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retomar automações' }));
    await waitFor(() => expect(screen.queryByText('Automações pausadas')).toBeNull());
    const engineCalls = calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/job/'));
    expect(engineCalls.map((c) => c.path)).toEqual(['/api/job/pause', '/api/job/resume']);
  });
});
