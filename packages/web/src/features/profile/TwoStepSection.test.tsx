import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TwoStepState } from '@talkbase/domain/contracts/two-step';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { stubFetch } from '../../test/fetch-stub.ts';
import { clearSession } from '../session/session-store.ts';
import { signInAsAna } from './own-profile-fixture.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';

const off: TwoStepState = {
  enabled: false,
  requiredByCompany: false,
  changedAt: null,
  email: 'ana@talkbase.test',
};

beforeEach(() => {
  signInAsAna();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <TestProviders>
      <TwoStepSection />
    </TestProviders>,
  );
  return screen.getByRole('region', { name: 'Verificação em duas etapas' });
}

describe('two-step on the own profile', () => {
  it('switches on only with the e-mailed code, showing the server’s refusal of a wrong one', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/account/twostep') return { status: 200, body: off };
      if (call.method === 'POST' && call.path === '/api/account/twostep/start') return { status: 204 };
      if (call.method === 'POST' && call.path === '/api/account/twostep/confirm')
        return (call.body as { passcode: string }).passcode === '123456'
          ? { status: 200, body: { ...off, enabled: true, changedAt: Date.UTC(2026, 10, 29, 12) } }
          : {
              status: 422,
              body: {
                errors: [{ message: 'Código de verificação inválido ou expirado.', field: 'passcode' }],
              },
            };
      return undefined;
    });
    const user = userEvent.setup();
    const section = renderSection();
    await within(section).findByText('Desligada');
    await user.click(within(section).getByRole('button', { name: 'Ligar verificação em duas etapas' }));
    const code = await within(section).findByLabelText('Código de verificação');
    expect(within(section).getByText(/Enviamos um código de 6 dígitos para ana@talkbase.test/)).toBeTruthy();

    // Malformed: refused here, without a call.
    await user.type(code, '12');
    await user.click(within(section).getByRole('button', { name: 'Confirmar e ligar' }));
    expect(within(section).getByText('O código deve ter 6 dígitos')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/twostep/confirm')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    await within(section).findByText('Código de verificação inválido ou expirado.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirmar e ligar' }));
    await within(section).findByText('Ligada');
    expect(within(section).getByText('Alterada em 29/11/2026 09:00')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/twostep/confirm').map((c) => c.body)).toEqual([
      { passcode: '654321' },
      { passcode: '123456' },
    ]);
  });

  it('switches off with the current password, and says when the company asks administrators anyway', async () => {
    const on = { ...off, enabled: true, requiredByCompany: true, changedAt: 1 };
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/account/twostep') return { status: 200, body: on };
      if (call.method === 'POST' && call.path === '/api/account/twostep/disable')
        return (call.body as { currentPassword: string }).currentPassword === 'Senha-Certa-2026'
          ? { status: 200, body: { ...on, enabled: false } }
          : { status: 409, body: { errors: [{ message: 'Senha inválida', field: 'currentPassword' }] } };
      return undefined;
    });
    const user = userEvent.setup();
    const section = renderSection();
    await within(section).findByText('Exigida pela empresa para administradores');
    await user.click(within(section).getByRole('button', { name: 'Desligar' }));
    const password = within(section).getByLabelText('Senha atual');
    await user.type(password, 'errada{Enter}');
    await within(section).findByText('Senha inválida');
    await user.clear(password);
    await user.type(password, 'Senha-Certa-2026{Enter}');
    await within(section).findByText('Desligada');
    expect(within(section).getByText(/continua sendo pedido ao entrar/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/twostep/disable')).toHaveLength(2);
  });

  it('shows an error with a retry when the state cannot be loaded', async () => {
    stubFetch((call) => (call.path === '/api/account/twostep' ? { status: 500 } : undefined));
    const section = renderSection();
    await within(section).findByText('Não foi possível carregar a verificação em duas etapas.');
    expect(within(section).getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
