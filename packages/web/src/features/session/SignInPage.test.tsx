import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { ordinaryUser, renderApp } from '../../test/render-app.tsx';

const anyApi = (call: { path: string }) =>
  call.path === '/api/account/refresh'
    ? { status: 200, body: { authorized: true, token: 'renewed' } }
    : call.path.startsWith('/api/presentation/menu')
      ? { status: 404, body: { errors: [{ message: 'Recurso não encontrado.' }] } }
      : undefined;

describe('sign-in screen', () => {
  it('is shown instead of any page while nobody is signed in', async () => {
    stubFetch();
    renderApp('/config/system');
    expect(await screen.findByRole('heading', { name: 'Entrar no Talkbase' })).toBeDefined();
    expect(screen.getByLabelText(/E-mail/)).toBeDefined();
    expect(screen.getByLabelText(/Senha/)).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'Manter conectado' })).toBeDefined();
  });

  it("asks for what is missing and shows the server's message under the form", async () => {
    const user = userEvent.setup();
    stubFetch(
      on('POST', '/api/account/login', 401, { errors: [{ message: 'Usuário ou senha inválidos.' }] }),
    );
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Informe o e-mail')).toBeDefined();
    expect(screen.getByText('Informe a senha')).toBeDefined();
    await user.type(screen.getByLabelText(/E-mail/), 'carla@cliente.test');
    await user.type(screen.getByLabelText(/Senha/), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Usuário ou senha inválidos.');
  });

  it('asks for the e-mailed code when the server requires it, then signs in', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      on('POST', '/api/account/login', 200, { passcodeRequired: true }),
      on('POST', '/api/account/verifypasscode', 200, { token: 'tok', user: ordinaryUser }),
      anyApi,
    );
    renderApp('/');
    await user.type(await screen.findByLabelText(/E-mail/), 'carla@cliente.test');
    await user.type(screen.getByLabelText(/Senha/), 'uma senha longa');
    await user.click(screen.getByRole('checkbox', { name: 'Manter conectado' }));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByLabelText(/Código de verificação/);
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('O código deve ter 6 dígitos')).toBeDefined();
    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByRole('button', { name: /Menu do usuário Carla Dias/ });
    expect(calls.find((c) => c.path === '/api/account/verifypasscode')?.body).toEqual({
      email: 'carla@cliente.test',
      passcode: '123456',
      keepConnected: true,
    });
    await waitFor(() => expect(window.localStorage.getItem('talkbase.token')).toBe('renewed'));
  });
});
