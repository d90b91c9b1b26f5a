import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountListItem } from '@talkbase/domain/contracts/account';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { UsersListPage } from './UsersListPage.tsx';

const person = (accountId: number, firstName: string): AccountListItem => ({
  accountId,
  accountType: 1,
  firstName,
  lastName: 'Silva',
  displayName: firstName,
  email: `${firstName.toLowerCase()}@talkbase.test`,
  appName: null,
  phoneNumber: '(11) 91234-5678',
  roomId: 1196,
  profileId: 1196,
  roomName: 'Clientes',
  profileImage: null,
  isAdmin: false,
  inativo: false,
  canEdit: true,
});

/** A server with 11 accounts, paged by CurrentPage and ResultsPerPage; DELETE removes one. */
function fakeServer() {
  let accounts = [
    ...['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fabio', 'Gil', 'Hugo', 'Ivo', 'Joao'].map((n, i) =>
      person(i + 1, n),
    ),
    person(11, 'Zeca'),
  ];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}${url.search}`);
      if (method === 'DELETE') {
        const id = Number(url.pathname.split('/').pop());
        accounts = accounts.filter((a) => a.accountId !== id);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      const page = Number(url.searchParams.get('CurrentPage'));
      const size = Number(url.searchParams.get('ResultsPerPage'));
      const body = {
        itens: accounts.slice((page - 1) * size, page * size),
        totalResults: accounts.length,
        currentPage: page,
      };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('users list', () => {
  it('goes back a page when the last row of a later page is deleted', { timeout: 15_000 }, async () => {
    const asked = fakeServer();
    const user = userEvent.setup();
    render(
      <TestProviders>
        <MemoryRouter>
          <UsersListPage />
        </MemoryRouter>
      </TestProviders>,
    );
    await screen.findByRole('link', { name: 'Ana Silva' });
    expect(screen.getByText('11 usuários')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByRole('link', { name: 'Zeca Silva' });

    await user.click(screen.getByRole('button', { name: 'Excluir Zeca Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir usuário' });
    expect(within(dialog).getByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    await screen.findByRole('link', { name: 'Ana Silva' });
    expect(screen.queryByRole('link', { name: 'Zeca Silva' })).toBeNull();
    expect(asked).toContain('DELETE /api/account/11');
    await waitFor(() => {
      expect(asked.at(-1)).toBe('GET /api/account?CurrentPage=1&ResultsPerPage=10&IncludeInactive=false');
    });
    expect(screen.getByText('10 usuários')).toBeTruthy();
  });

  it("shows the spec's empty text", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ itens: [], totalResults: 0, currentPage: 1 }), { status: 200 }),
        ),
      ),
    );
    render(
      <TestProviders>
        <MemoryRouter>
          <UsersListPage />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(
      await screen.findByText(
        'Nenhum usuário encontrado. Cadastre usuários no sistema e eles aparecerão aqui!',
      ),
    ).toBeTruthy();
  });

  it("shows the spec's load error with a way to try again", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"errors":[{"message":"x"}]}', { status: 500 }))),
    );
    render(
      <TestProviders>
        <MemoryRouter>
          <UsersListPage />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByText('Ocorreu um erro ao tentar carregar a lista de usuários.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
