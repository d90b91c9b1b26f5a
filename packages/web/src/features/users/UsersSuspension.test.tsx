import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountListItem } from '@talkbase/domain/contracts/account';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { UsersListPage } from './UsersListPage.tsx';

const person = (accountId: number, firstName: string, inativo: boolean): AccountListItem => ({
  accountId,
  accountType: 1,
  firstName,
  lastName: 'Souza',
  displayName: firstName,
  email: `${firstName.toLowerCase()}@talkbase.test`,
  appName: null,
  phoneNumber: '(11) 91234-5678',
  roomId: 1196,
  profileId: 1196,
  roomName: 'Clientes',
  profileImage: null,
  isAdmin: false,
  inativo,
  canEdit: true,
});

/** Two accounts, one suspended; PUT …/active changes one; IncludeInactive=false leaves suspended out. */
function fakeServer() {
  const accounts = [person(1, 'Ana', false), person(2, 'Bruno', true)];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}${url.search}`);
      const active = /^\/api\/account\/(\d+)\/active$/.exec(url.pathname);
      if (method === 'PUT' && active) {
        const account = accounts.find((a) => a.accountId === Number(active[1]));
        if (!account) return Promise.resolve(new Response(null, { status: 404 }));
        const { isActive } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
          isActive: boolean;
        };
        account.inativo = !isActive;
        return Promise.resolve(new Response(JSON.stringify(account), { status: 200 }));
      }
      const shown =
        url.searchParams.get('IncludeInactive') === 'false' ? accounts.filter((a) => !a.inativo) : accounts;
      const body = { itens: shown, totalResults: shown.length, currentPage: 1 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('users list: suspended users', () => {
  it(
    'hides suspended users until "Mostrar inativos"; suspends and restores from the row',
    { timeout: 15_000 },
    async () => {
      const asked = fakeServer();
      const user = userEvent.setup();
      render(
        <TestProviders>
          <MemoryRouter>
            <UsersListPage />
          </MemoryRouter>
        </TestProviders>,
      );
      await screen.findByRole('link', { name: 'Ana Souza' });
      expect(screen.queryByRole('link', { name: 'Bruno Souza' })).toBeNull();
      expect(asked[0]).toContain('IncludeInactive=false');

      await user.click(screen.getByRole('switch', { name: 'Mostrar inativos' }));
      await screen.findByRole('link', { name: 'Bruno Souza' });
      const bruno = screen.getByRole('link', { name: 'Bruno Souza' }).closest('li');
      expect(within(bruno as HTMLElement).getByText('Inativo')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Reativar Bruno Souza' }));
      const restore = await screen.findByRole('dialog', { name: 'Reativar usuário' });
      await user.click(within(restore).getByRole('button', { name: 'Reativar' }));
      await screen.findByRole('button', { name: 'Suspender Bruno Souza' });
      expect(screen.queryByText('Inativo')).toBeNull();
      expect(asked).toContain('PUT /api/account/2/active');

      await user.click(screen.getByRole('button', { name: 'Suspender Ana Souza' }));
      const suspend = await screen.findByRole('dialog', { name: 'Suspender usuário' });
      expect(within(suspend).getByText(/as sessões abertas terminam agora/)).toBeTruthy();
      await user.click(within(suspend).getByRole('button', { name: 'Suspender' }));
      await screen.findByRole('button', { name: 'Reativar Ana Souza' });
      expect(asked).toContain('PUT /api/account/1/active');
    },
  );

  it('says how to see suspended users when only they exist', async () => {
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
      await screen.findByText(/Ligue "Mostrar inativos" para ver também os usuários suspensos/),
    ).toBeTruthy();
  });
});
