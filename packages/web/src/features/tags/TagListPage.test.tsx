import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const tags = [
  { tagId: 3, tagName: 'Urgente', tagColor: '#c92a2a' },
  { tagId: 5, tagName: 'VIP', tagColor: '#000000' },
];

function tagServer(initial = tags) {
  let list = [...initial];
  const calls = stubFetch((call: StubbedCall) => {
    if (call.method === 'DELETE' && call.path.startsWith('/api/tag/')) {
      const id = Number(call.path.split('/').pop());
      list = list.filter((t) => t.tagId !== id);
      return { status: 204 };
    }
    if (call.method === 'GET' && call.path === '/api/tag') return { status: 200, body: page(list) };
    return undefined;
  });
  recordQueries();
  return {
    calls,
    set: (next: typeof tags) => {
      list = next;
    },
  };
}
const page = (list: typeof tags) => ({ itens: list, totalResults: list.length, currentPage: 1 });
/** The query string of the latest list call (the stub records paths only). */
const lastQuery = (calls: StubbedCall[]) => {
  expect(calls.length).toBeGreaterThan(0);
  return listUrls.at(-1)?.searchParams;
};
let listUrls: URL[] = [];
/** Keeps the list calls' full addresses, then hands each call to the stub. */
function recordQueries() {
  listUrls = [];
  const inner = window.fetch.bind(window);
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    if (url.pathname === '/api/tag') listUrls.push(url);
    return inner(input, init);
  });
}

describe('tags list', { timeout: 30_000 }, () => {
  it('lists tags with their colour, searches through a toggled box, and deletes after confirming', async () => {
    const user = userEvent.setup();
    const server = tagServer();
    renderApp('/tags/list/', adminUser);
    await screen.findByRole('heading', { name: 'Tags' });
    expect(screen.getByRole('link', { name: 'Criar nova tag' }).getAttribute('href')).toBe('/tags/editor');
    const link = await screen.findByRole('link', { name: 'Urgente' });
    expect(link.getAttribute('href')).toBe('/tags/editor/3');
    expect(lastQuery(server.calls)?.get('fetch')).toBe('10');

    expect(screen.queryByRole('textbox', { name: 'Buscar tag' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir a busca' }));
    const search = screen.getByRole('textbox', { name: 'Buscar tag' });
    expect(search.getAttribute('maxlength')).toBe('50');
    server.set(tags.slice(1));
    await user.type(search, 'vi');
    await waitFor(() => expect(lastQuery(server.calls)?.get('term')).toBe('vi'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Urgente' })).toBeNull());
    server.set(tags);
    await user.click(screen.getByRole('button', { name: 'Limpar a busca' }));
    expect((search as HTMLInputElement).value).toBe('');
    await screen.findByRole('link', { name: 'Urgente' });

    await user.click(screen.getByRole('button', { name: 'Excluir Urgente' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir tag' });
    expect(within(confirm).getByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Urgente' })).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/tag/3')).toBe(true);
  });

  it('offers page sizes 10 to 500 and shows the empty message', async () => {
    const user = userEvent.setup();
    const server = tagServer();
    renderApp('/tags/list/', adminUser);
    await screen.findByRole('link', { name: 'VIP' });
    await user.click(screen.getByRole('combobox', { name: 'Itens por página' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['10', '25', '50', '100', '200', '500']);
    await user.click(screen.getByRole('option', { name: '500' }));
    await waitFor(() => expect(lastQuery(server.calls)?.get('fetch')).toBe('500'));

    server.set([]);
    await user.click(screen.getByRole('button', { name: 'Excluir VIP' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir tag' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(await screen.findByText('Nenhuma tag encontrada.')).toBeTruthy();
  });

  it('shows the load error with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch((call: StubbedCall) => {
      if (call.method !== 'GET' || call.path !== '/api/tag') return undefined;
      return fail ? { status: 500, body: { errors: [{ message: 'x' }] } } : { status: 200, body: page(tags) };
    });
    renderApp('/tags/list/', adminUser);
    expect(
      await screen.findByText(
        'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Urgente' })).toBeTruthy();
  });

  it('reloads on the refresh route parameter, then drops it from the address', async () => {
    const server = tagServer();
    const app = renderApp('/tags/list/', adminUser);
    await screen.findByRole('link', { name: 'Urgente' });
    const listCalls = () => server.calls.filter((c) => c.path === '/api/tag').length;
    const before = listCalls();
    server.set(tags.slice(1));
    await act(() => app.router.navigate('/tags/list/?refresh=2'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Urgente' })).toBeNull());
    expect(listCalls()).toBeGreaterThan(before);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/tags/list/');
  });

  it('is closed to an administrator outside room 1', async () => {
    stubFetch((call) => (call.path === '/api/tag' ? { status: 200, body: page(tags) } : undefined));
    renderApp('/tags/list/', { ...adminUser, roomId: 7 });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Tags' })).toBeNull();
  });
});
