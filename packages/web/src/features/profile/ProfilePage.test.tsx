import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { clearSession } from '../session/session-store.ts';
import { ana as me, renderProfilePage as renderPage, signInAsAna } from './own-profile-fixture.tsx';

function stubServer(put: (call: StubbedCall) => { status: number; body?: unknown }) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/account/7') return { status: 200, body: me };
    if (call.method === 'PUT' && call.path === '/api/account/7') return put(call);
    return undefined;
  });
}

beforeEach(() => {
  signInAsAna();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('own profile', () => {
  it(
    'refuses a weak or mismatched new password without calling the server, with the meter’s label',
    { timeout: 20_000 },
    async () => {
      const calls = stubServer(() => ({ status: 200, body: me }));
      const user = userEvent.setup();
      renderPage();
      await screen.findByRole('heading', { name: 'Informações do usuário' });
      await user.type(screen.getByLabelText('Senha atual'), 'Senha-Atual-2026');
      await user.type(screen.getByLabelText('Nova senha'), 'senha123456');
      await waitFor(() => {
        expect(screen.getByTestId('password-strength').textContent).toMatch(
          /^(Não segura|Muito fraca|Fraca)$/,
        );
      });
      await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha12345');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Esta senha não é segura o suficiente')).toBeTruthy();
      expect(screen.getByText('Senhas não conferem')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    },
  );

  it(
    "saves profile fields without a password, and shows 409 as 'Senha inválida' under the current password",
    { timeout: 20_000 },
    async () => {
      let answer = { status: 200, body: me as unknown };
      const calls = stubServer(() => answer);
      const user = userEvent.setup();
      renderPage();
      const displayName = await screen.findByLabelText(/^Nome de exibição/);
      await user.clear(displayName);
      await user.type(displayName, 'Aninha');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => {
        expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
          { displayName: 'Aninha', firstName: 'Ana', lastName: 'Souza', phoneNumber: '(11) 91234-5678' },
        ]);
      });

      answer = { status: 409, body: { errors: [{ message: 'Senha inválida', field: 'currentPassword' }] } };
      await user.type(screen.getByLabelText('Senha atual'), 'errada-errada');
      await user.type(screen.getByLabelText('Nova senha'), 'Girassol-Azul-Trem-2026');
      await user.type(screen.getByLabelText('Confirmar nova senha'), 'Girassol-Azul-Trem-2026');
      await waitFor(() => {
        expect(screen.getByTestId('password-strength').textContent).toMatch(/^(Forte|Muito forte)$/);
      });
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Senha inválida')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
        currentPassword: 'errada-errada',
        newPassword: 'Girassol-Azul-Trem-2026',
      });
    },
  );
});
