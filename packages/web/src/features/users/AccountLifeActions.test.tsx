import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountDetail } from '@talkbase/domain/contracts/account';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { AccountLifeActions } from './AccountLifeActions.tsx';

const base: AccountDetail = {
  accountId: 7,
  accountType: 1,
  firstName: 'Ana',
  lastName: 'Souza',
  displayName: 'Ana',
  email: 'ana@talkbase.test',
  appName: null,
  phoneNumber: '(11) 91234-5678',
  roomId: 1196,
  profileId: 1196,
  roomName: 'Clientes',
  profileImage: null,
  isAdmin: false,
  inativo: false,
  canEdit: true,
  room: { roomId: 1196, roomName: 'Clientes' },
  sharedTalks: [],
  attributes: [],
  notifications: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account life actions on the user form', () => {
  it('sends a person the reset e-mail after confirming', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(on('POST', '/api/account/7/password/forgot', 204));
    render(
      <TestProviders>
        <AccountLifeActions account={base} />
      </TestProviders>,
    );
    expect(screen.getByText('Ativo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerar nova senha' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar redefinição de senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar redefinição de senha' });
    expect(within(dialog).getByText(/ana@talkbase.test/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await vi.waitFor(() => {
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account/7/password/forgot')).toBe(
        true,
      );
    });
  });

  it('gives an integration a new password and shows it once', async () => {
    const user = userEvent.setup();
    stubFetch(
      on('POST', '/api/account/8/credentials', 200, {
        accountId: 8,
        hash: 'abc123',
        password: 'Nova-Senha-Gerada',
      }),
    );
    render(
      <TestProviders>
        <AccountLifeActions
          account={{ ...base, accountId: 8, accountType: 2, email: null, appName: 'ERP', inativo: true }}
        />
      </TestProviders>,
    );
    expect(screen.getByText('Não consegue entrar no sistema.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reativar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar redefinição de senha' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Gerar nova senha' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gerar nova senha' });
    await user.click(within(confirm).getByRole('button', { name: 'Gerar' }));
    const shown = await screen.findByRole('dialog', { name: 'Credenciais da integração' });
    expect(within(shown).getByDisplayValue('abc123')).toBeTruthy();
  });
});
