import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, ordinaryUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const subject = (id: number, identifier: string, name: string, isBuiltIn = false) => ({
  subjectId: id,
  subjectIdentifier: identifier,
  subjectName: name,
  icon: null,
  isBuiltIn,
  subjectAttributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
});

describe('subject designer list', { timeout: 30_000 }, () => {
  it('lists subjects with their record counts and removes one only after its identifier is typed', async () => {
    const user = userEvent.setup();
    let list = [subject(2, 'cliente', 'Cliente'), subject(1, 'filtro', 'Filtro', true)];
    const calls = stubFetch((call: StubbedCall) => {
      if (call.method === 'GET' && call.path === '/api/subject')
        return { status: 200, body: { itens: list, totalResults: list.length, currentPage: 1 } };
      if (call.method === 'GET' && call.path === '/api/subject/cliente/usage')
        return { status: 200, body: { records: 40, files: 3 } };
      if (call.method === 'GET' && call.path === '/api/subject/filtro/usage')
        return { status: 200, body: { records: 2, files: 0 } };
      if (call.method === 'DELETE' && call.path === '/api/subject/cliente') {
        list = list.filter((s) => s.subjectIdentifier !== 'cliente');
        return { status: 204 };
      }
      return undefined;
    });
    renderApp('/config/subjects', adminUser);
    const table = await screen.findByRole('table', { name: 'Assuntos' });
    const row = (await within(table).findByRole('link', { name: 'Cliente' })).closest('tr');
    if (!row) throw new Error('linha');
    await within(row).findByText('40');
    // Built-in subjects cannot be removed.
    expect(screen.queryByRole('button', { name: 'Excluir Filtro' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Excluir Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o assunto Cliente' });
    await within(dialog).findByText(/Todos os 40 registros e 3 arquivos deste assunto serão apagados/);
    const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Digite cliente para confirmar'), 'client');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Digite cliente para confirmar'), 'e');
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Cliente' })).toBeNull());
  });

  it('says when nothing matches and when the list fails to load', async () => {
    let fail = true;
    stubFetch((call: StubbedCall) => {
      if (call.method === 'GET' && call.path === '/api/subject')
        return fail
          ? { status: 400, body: { errors: [{ message: 'x' }] } }
          : { status: 200, body: { itens: [], totalResults: 0, currentPage: 1 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/config/subjects', adminUser);
    await screen.findByText('Ocorreu um erro no carregamento da página. Por favor, tente novamente.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Nenhum assunto cadastrado. Crie o primeiro com “Novo assunto”.');
  });

  it('is not open to ordinary users', async () => {
    stubFetch(() => undefined);
    renderApp('/config/subjects', ordinaryUser);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Assuntos' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Assuntos' })).toBeNull();
  });
});
