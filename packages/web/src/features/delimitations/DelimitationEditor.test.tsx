import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { DelimitationEditor } from './DelimitationEditor.tsx';
import type { Delimitation } from './delimitation-draft.ts';

const subjects = {
  itens: [
    { subjectId: 3, subjectIdentifier: 'cliente', subjectName: 'Cliente', subjectAttributes: [] },
    { subjectId: 4, subjectIdentifier: 'chamado', subjectName: 'Chamado', subjectAttributes: [] },
  ],
  totalResults: 2,
  currentPage: 1,
};
const talk = (talkId: number, displayName: string) => ({ talkId, displayName, talkValues: [] });
const clients = [talk(7, 'ACME'), talk(8, 'Beta Ltda')];

/** The subjects, and the client records: by ids (names of a stored delimitation) or by search term. */
function stubApi() {
  return stubFetch((call: StubbedCall) => {
    if (call.method === 'GET' && call.path === '/api/subject') return { status: 200, body: subjects };
    if (call.method === 'POST' && call.path === '/api/talk/filter/cliente') {
      const body = call.body as { term?: string; filterJson?: { rules: { value: number[] }[] } };
      const ids = body.filterJson?.rules[0]?.value;
      const itens = ids
        ? clients.filter((c) => ids.includes(c.talkId))
        : clients.filter((c) => !body.term || c.displayName.toLowerCase().includes(body.term.toLowerCase()));
      return { status: 200, body: { itens, totalResults: itens.length, currentPage: 1 } };
    }
    return undefined;
  });
}

function renderModal(delimitations: Delimitation[]) {
  const onSave = vi.fn<(d: Delimitation[]) => void>();
  render(
    <TestProviders>
      <DelimitationEditor opened onClose={() => undefined} delimitations={delimitations} onSave={onSave} />
    </TestProviders>,
  );
  return onSave;
}

describe('delimitation editor', () => {
  it('asks for a subject and an item before saving a new delimitation', { timeout: 15_000 }, async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const onSave = renderModal([]);
    const dialog = await screen.findByRole('dialog', { name: 'Delimitar visualização' });
    expect(
      within(dialog).getByText('Defina abaixo as visualizações para esse perfil de usuário'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Nenhuma delimitação vinculada a esse perfil de usuário')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Adicionar delimitação' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Escolha um assunto para continuar')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'Cliente' }));
    expect(screen.queryByText('Escolha um assunto para continuar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Escolha pelo menos um item para continuar')).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: 'Buscar itens' }), 'acm');
    // The server searches 500 ms after typing stops.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Beta Ltda' })).toBeNull(), {
      timeout: 2000,
    });
    expect(calls.some((c) => (c.body as { term?: string } | undefined)?.term === 'acm')).toBe(true);
    await user.click(screen.getByRole('option', { name: 'ACME' }));
    await user.type(screen.getByLabelText('Nome da delimitação'), 'Só a ACME');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith([
      { subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: 7, name: 'ACME' }] },
    ]);
  });

  it('shows the stored items by name and confirms each removal', async () => {
    stubApi();
    const user = userEvent.setup();
    const onSave = renderModal([
      { subjectIdentifier: 'cliente', name: 'Clientes', talks: [{ id: 7 }, { id: 8 }] },
    ]);
    const items = await screen.findByRole('list', { name: 'Itens visíveis: Clientes' });
    await waitFor(() => expect(within(items).getByText('ACME')).toBeTruthy());
    expect(within(items).getByText('Beta Ltda')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Excluir o item ACME' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir item' });
    expect(within(confirm).getByText('Deseja realmente excluir este ítem da delimitação?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByText('Deseja realmente excluir este ítem da delimitação?')).toBeNull(),
    );
    expect(within(items).getByText('ACME')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Excluir o item ACME' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir item' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    await waitFor(() => expect(within(items).queryByText('ACME')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Excluir a delimitação Clientes' }));
    const confirmAll = await screen.findByRole('dialog', { name: 'Excluir delimitação' });
    expect(within(confirmAll).getByText('Deseja realmente excluir esta delimitação?')).toBeTruthy();
    await user.click(within(confirmAll).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Nenhuma delimitação vinculada a esse perfil de usuário')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSave).toHaveBeenCalledWith([]);
  });

  it('offers each subject to one delimitation only', async () => {
    stubApi();
    const user = userEvent.setup();
    renderModal([{ subjectIdentifier: 'cliente', talks: [{ id: 7 }] }]);
    await user.click(await screen.findByRole('button', { name: 'Adicionar delimitação' }));
    const selects = screen.getAllByRole('combobox', { name: 'Assunto' });
    await user.click(selects[1] as HTMLElement);
    expect(await screen.findByRole('option', { name: 'Chamado' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Cliente' })).toBeNull();
  });
});
