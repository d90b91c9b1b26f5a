import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

describe('forgotten password (sign-in screen)', () => {
  it('"Esqueci minha senha" asks for the e-mail and says the same thing whatever the answer', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(on('POST', '/api/account/password/forgot', 204));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('heading', { name: 'Esqueci minha senha' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Informe o e-mail')).toBeDefined();
    await user.type(screen.getByLabelText(/E-mail/), 'carla@cliente.test');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Se o e-mail estiver cadastrado, você receberá em instantes um link',
    );
    expect(calls.find((c) => c.path === '/api/account/password/forgot')?.body).toEqual({
      email: 'carla@cliente.test',
    });
    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    expect(await screen.findByRole('heading', { name: 'Entrar no Talkbase' })).toBeDefined();
  });

  it('the e-mailed link opens "Redefinir senha": checks the confirmation, sends the token, then asks to sign in', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(on('POST', '/api/account/password/reset', 204));
    renderApp('/redefinir-senha#token=abc-123');
    expect(await screen.findByRole('heading', { name: 'Redefinir senha' })).toBeDefined();
    await user.type(screen.getByLabelText(/^Nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.type(screen.getByLabelText(/Confirmar nova senha/), 'diferente');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByText('Senhas não conferem')).toBeDefined();
    await user.clear(screen.getByLabelText(/Confirmar nova senha/));
    await user.type(screen.getByLabelText(/Confirmar nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('heading', { name: 'Entrar no Talkbase' })).toBeDefined();
    expect(screen.getByText('Senha redefinida com sucesso. Entre com a nova senha.')).toBeDefined();
    expect(calls.find((c) => c.path === '/api/account/password/reset')?.body).toEqual({
      token: 'abc-123',
      newPassword: 'Outra-Senha-Bem-Forte-42',
    });
    // The token leaves the address bar.
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/');
  });

  it('opens the form from the e-mailed link in a browser where someone is signed in, and signs it out once reset', async () => {
    const user = userEvent.setup();
    stubFetch(on('POST', '/api/account/password/reset', 204));
    renderApp('/redefinir-senha#token=xyz-789', adminUser);
    expect(await screen.findByRole('heading', { name: 'Redefinir senha' })).toBeDefined();
    await user.type(screen.getByLabelText(/^Nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.type(screen.getByLabelText(/Confirmar nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    // The reset ended every session of the account: this browser's is gone, the sign-in stays.
    expect(await screen.findByRole('heading', { name: 'Entrar no Talkbase' })).toBeDefined();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('talkbase.token')).toBeNull();
  });

  it("shows the server's refusal of a used or expired link, with a way to ask for a new one", async () => {
    const user = userEvent.setup();
    stubFetch(
      on('POST', '/api/account/password/reset', 422, {
        errors: [
          {
            message: 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo.',
            field: 'token',
          },
        ],
      }),
    );
    renderApp('/redefinir-senha#token=velho');
    await user.type(await screen.findByLabelText(/^Nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.type(screen.getByLabelText(/Confirmar nova senha/), 'Outra-Senha-Bem-Forte-42');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect((await screen.findByRole('alert')).textContent).toContain('já foi usado ou expirou');
    await user.click(screen.getByRole('button', { name: 'Pedir um novo link' }));
    expect(await screen.findByRole('heading', { name: 'Esqueci minha senha' })).toBeDefined();
  });
});
