import type { InboxItem } from '@talkbase/domain/contracts/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { clearNotices, getNotices } from '../notices/notices-store.ts';
import { InboxPage, inboxDate } from './InboxPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearNotices();
});

const item = (over: Partial<InboxItem>): InboxItem => ({
  id: 1,
  subject: null,
  talkId: null,
  title: 'Chamado aberto',
  description: 'Um chamado foi aberto',
  data: '2026-03-05T14:00:00.000Z',
  status: false,
  color: '#c92a2a',
  subjectIcon: null,
  inativo: false,
  conversationId: null,
  ...over,
});

/** The list answers at once; each read waits until the test lets it answer (ok or 500). */
function inboxServer(itens: InboxItem[]) {
  const reads: { resolve: (ok: boolean) => void }[] = [];
  const calls = stubFetch((call: StubbedCall) =>
    call.method === 'POST' && call.path === '/api/notifications/list/'
      ? { status: 200, body: { itens, totalResults: itens.length, currentPage: 1, unread: 1 } }
      : undefined,
  );
  const inner = window.fetch.bind(window);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    if (url.includes('/api/notifications/read/'))
      return new Promise<Response>((resolve) => {
        reads.push({
          resolve: (ok) =>
            resolve(
              ok
                ? new Response(JSON.stringify({ unread: 0 }), { status: 200 })
                : new Response(JSON.stringify({ errors: [{ message: 'falhou' }] }), { status: 500 }),
            ),
        });
      });
    return inner(input, init);
  });
  return { calls, reads };
}

function renderInbox() {
  render(
    <TestProviders>
      <MemoryRouter>
        <InboxPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('notification inbox', { timeout: 30_000 }, () => {
  it('formats dates as d de MMM de yyyy in pt-BR', () => {
    expect(inboxDate('2026-03-05T14:00:00.000Z')).toBe('5 de mar de 2026');
    expect(inboxDate('2026-11-24T10:00:00.000Z')).toBe('24 de nov de 2026');
  });

  it('marks a row read at once, then puts the marker back and alerts when the server refuses', async () => {
    const user = userEvent.setup();
    const server = inboxServer([item({})]);
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Notificações' });
    const row = within(list).getByRole('button', { name: /Chamado aberto/ });
    expect(within(row).getByText('Não lida')).toBeTruthy();
    expect(within(row).getByText('done')).toBeTruthy();
    expect(within(row).getByText('5 de mar de 2026')).toBeTruthy();

    await user.click(row);
    // Optimistic: read before the server answered.
    expect(within(row).getByText('Lida')).toBeTruthy();
    expect(within(row).getByText('done_all')).toBeTruthy();
    expect(server.reads).toHaveLength(1);
    server.reads[0]?.resolve(false);
    await waitFor(() => expect(within(row).getByText('Não lida')).toBeTruthy());
    expect(getNotices().map((n) => n.title)).toContain(
      'Ocorreu um erro ao tentar marcar a notificação como lida.',
    );

    // A second try the server accepts keeps the marker.
    await user.click(row);
    server.reads[1]?.resolve(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.reads).toHaveLength(2);
    expect(getNotices().filter((n) => n.kind === 'alert')).toHaveLength(1);
    expect(within(row).getByText('Lida')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/api/notifications/list/').at(0)?.body).toEqual({
      page: 1,
      fetch: 100,
      view: 1,
    });
  });

  it('shows the empty text', async () => {
    inboxServer([]);
    renderInbox();
    expect(await screen.findByText('Nenhum registro encontrado')).toBeTruthy();
  });
});
