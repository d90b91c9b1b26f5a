import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const rooms = [
  { roomId: 1, roomName: 'Administrador', displayName: 'Administrador', color: '#1f4e8c' },
  { roomId: 7, roomName: 'Triagem', displayName: null, color: null },
];

describe('access profile list', { timeout: 30_000 }, () => {
  it('lists, searches and deletes after confirming', async () => {
    const user = userEvent.setup();
    let list = [...rooms];
    const calls = stubFetch((call: StubbedCall) => {
      if (call.method === 'DELETE' && call.path === '/api/room/7') {
        list = list.filter((r) => r.roomId !== 7);
        return { status: 204 };
      }
      if (call.method !== 'GET' || call.path !== '/api/room') return undefined;
      return { status: 200, body: { itens: list, totalResults: list.length, currentPage: 1 } };
    });
    renderApp('/config/access_profile', adminUser);
    await screen.findByRole('heading', { name: 'Todos os Perfis de Acesso' });
    await screen.findByRole('link', { name: 'Triagem' });
    expect(screen.getByText('2 perfis de acesso')).toBeTruthy();
    // A built-in room is edited, never deleted (issue 39 item 11).
    expect(screen.getByRole('link', { name: 'Editar Administrador' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir Administrador' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Excluir Triagem' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir perfil de acesso' });
    expect(within(confirm).getByText('Deseja realmente excluir esse item?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Triagem' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/room/7')).toBe(true);
    expect(await screen.findByText('Perfil de acesso Triagem excluído com sucesso!')).toBeTruthy();

    list = [];
    await user.type(screen.getByRole('textbox', { name: 'Buscar perfil de acesso' }), 'xyz');
    expect(await screen.findByText('Nenhum perfil de acesso encontrado.')).toBeTruthy();
  });

  it("shows the server's reason when a room cannot be deleted", async () => {
    const user = userEvent.setup();
    stubFetch((call: StubbedCall) => {
      if (call.method === 'DELETE')
        return {
          status: 422,
          body: { errors: [{ message: 'Há usuários neste perfil de acesso; mova-os antes de excluí-lo.' }] },
        };
      if (call.method === 'GET' && call.path === '/api/room')
        return { status: 200, body: { itens: rooms, totalResults: 2, currentPage: 1 } };
      return undefined;
    });
    renderApp('/config/access_profile', adminUser);
    await user.click(await screen.findByRole('button', { name: 'Excluir Triagem' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir perfil de acesso' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect(
      await screen.findByText('Há usuários neste perfil de acesso; mova-os antes de excluí-lo.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Triagem' })).toBeTruthy();
  });

  it('shows the load error with a way to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch((call: StubbedCall) => {
      if (call.method !== 'GET' || call.path !== '/api/room') return undefined;
      return fail
        ? { status: 500, body: { errors: [{ message: 'x' }] } }
        : { status: 200, body: { itens: rooms, totalResults: 2, currentPage: 1 } };
    });
    renderApp('/config/access_profile', adminUser);
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
    expect(await screen.findByRole('link', { name: 'Triagem' })).toBeTruthy();
  });
});
