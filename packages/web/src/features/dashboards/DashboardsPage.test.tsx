import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '@talkbase/domain/contracts/dashboards';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { ordinaryUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const dashboard: Dashboard = {
  dashboardId: 7,
  name: 'Meu painel',
  roomIds: [],
  isHome: true,
  ownerId: 5,
  canEdit: true,
  version: 3,
  updatedAt: '2026-11-29T12:00:00.000Z',
  widgets: [
    {
      key: 'total',
      title: 'Chamados',
      kind: 'number',
      subject: 'chamado',
      filterId: null,
      filterJson: null,
      groupBy: [],
      measure: { fn: 'count' },
      width: 3,
      height: 2,
    },
    {
      key: 'clientes',
      title: 'Principais clientes',
      kind: 'table',
      subject: 'chamado',
      filterId: 4,
      filterJson: null,
      groupBy: [{ attribute: 'cliente' }],
      measure: { fn: 'count' },
      width: 6,
      height: 3,
    },
  ],
};

function dashboardServer(aggregate: (call: StubbedCall) => { status: number; body?: unknown }) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/dashboard') {
      const { widgets: _widgets, ...summary } = dashboard;
      return { status: 200, body: [summary] };
    }
    if (call.path === '/api/dashboard/7') {
      if (call.method === 'GET') return { status: 200, body: dashboard };
      if (call.method === 'PUT') return { status: 200, body: { ...dashboard, ...(call.body as object) } };
    }
    if (call.method === 'POST' && call.path === '/api/talk/aggregate/chamado') return aggregate(call);
    return undefined;
  });
}

const groupsOf = (call: StubbedCall) => (call.body as { groupBy: unknown[] }).groupBy;

describe('dashboards screen', { timeout: 30_000 }, () => {
  it('opens the home dashboard, shows each widget’s aggregate, links groups to the grid, removes a widget', async () => {
    const user = userEvent.setup();
    const calls = dashboardServer((call) =>
      groupsOf(call).length === 0
        ? {
            status: 200,
            body: { groups: [{ keys: [], labels: [], values: [1234] }], total: [1234], truncated: false },
          }
        : {
            status: 200,
            body: {
              groups: [
                { keys: [11], labels: ['ACME'], values: [2] },
                { keys: [12], labels: ['Beta'], values: [9] },
              ],
              total: [11],
              truncated: false,
            },
          },
    );
    renderApp('/dashboard', ordinaryUser);
    await screen.findByRole('heading', { name: 'Meu painel', level: 2 });
    // The number in pt-BR, linking to the grid of its records.
    const number = await screen.findByRole('link', { name: /^Chamados: 1\.234/ });
    expect(number.getAttribute('href')).toBe('/context/grid/chamado');
    // The table: largest first, each group a link to the grid with the saved filter and the group's rule.
    const table = screen.getByRole('region', { name: 'Principais clientes' });
    const links = await within(table).findAllByRole('link', { name: /^Abrir os registros de / });
    expect(links.map((a) => a.textContent)).toEqual(['Beta', 'ACME']);
    const href = new URL(links[0]?.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/context/grid/chamado');
    expect(href.searchParams.get('filters')).toBe('4');
    expect(JSON.parse(href.searchParams.get('where') ?? 'null')).toEqual({
      attribute: 'cliente',
      operator: 'equal',
      value: 12,
    });
    // Each widget asked as the contract says: its filters, groups and measure.
    expect(calls.filter((c) => c.path === '/api/talk/aggregate/chamado').map((c) => c.body)).toContainEqual({
      filterIds: [4],
      groupBy: [{ attribute: 'cliente' }],
      measures: [{ fn: 'count' }],
    });

    await user.click(screen.getByRole('button', { name: 'Editar painel' }));
    await user.click(screen.getByRole('button', { name: 'Remover Principais clientes' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as {
      widgets: { key: string }[];
      version: number;
    };
    expect(put.widgets.map((w) => w.key)).toEqual(['total']);
    expect(put.version).toBe(3);
  });

  it('shows a widget’s error with the server’s message, and loads it again on “Tentar novamente”', async () => {
    const user = userEvent.setup();
    let fail = true;
    dashboardServer(() =>
      fail
        ? { status: 400, body: { errors: [{ message: 'Campo desconhecido ou sem acesso: cliente.' }] } }
        : { status: 200, body: { groups: [], total: [0], truncated: false } },
    );
    renderApp('/dashboard/7', ordinaryUser);
    const table = await screen.findByRole('region', { name: 'Principais clientes' });
    await within(table).findByText('Campo desconhecido ou sem acesso: cliente.');
    fail = false;
    await user.click(within(table).getByRole('button', { name: 'Tentar novamente' }));
    await within(table).findByText('Nenhum registro');
  });
});
