import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { chamadoRoutes } from '../../test/chamado-fixture.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const idRule = (value: number) => ({ attribute: 'id', operator: 'greater', value });

function editorServer(
  writes: StubbedCall[],
  answer: (call: StubbedCall) => { status: number; body?: unknown },
) {
  return stubFetch(
    ...chamadoRoutes(),
    on('GET', '/api/Filter/chamado', 200, {
      itens: [{ filterId: 40, filterName: 'Abertos' }],
      totalResults: 1,
    }),
    on('GET', '/api/talk/filtro/40', 200, {
      talkValues: [{ subjectAttributeIdentifier: 'filtro', value: idRule(7) }],
    }),
    on('GET', '/api/tag/9', 200, {
      tagId: 9,
      tagName: 'Urgente',
      tagColor: '#c92a2a',
      tagFilters: [
        {
          filterId: 1,
          filterName: 'Alta',
          filter: JSON.stringify(idRule(1)),
          subjectAttributeId: 31,
          subject: 'chamado',
        },
        {
          filterId: 2,
          filterName: '',
          filter: JSON.stringify(idRule(2)),
          subjectAttributeId: null,
          subject: 'chamado',
        },
      ],
    }),
    on('GET', '/api/tag', 200, { itens: [], totalResults: 0, currentPage: 1 }),
    (call) => {
      if ((call.method !== 'POST' && call.method !== 'PUT') || !call.path.startsWith('/api/tag'))
        return undefined;
      writes.push(call);
      return answer(call);
    },
  );
}

describe('tag editor', { timeout: 30_000 }, () => {
  it('refuses to save a tag without text or filters, then creates it with a filter from the modal', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    editorServer(writes, () => ({ status: 201, body: { tagId: 12 } }));
    renderApp('/tags/editor', adminUser);
    await screen.findByRole('heading', { name: 'Criar nova tag' });
    await screen.findByRole('textbox', { name: 'Texto' });
    const color = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Cor' });
    expect(color.value).toBe('#000000');
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Texto' });
    expect(name.getAttribute('maxlength')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório.')).toBeTruthy();
    expect(screen.getByText('Adicione pelo menos um filtro.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    await user.type(name, 'Urgente');
    const preview = screen.getByTestId('tag-preview');
    await waitFor(() => expect(within(preview).getByText('Urgente')).toBeTruthy());
    await user.clear(color);
    await user.type(color, '#c92a2a');
    await waitFor(() =>
      expect(within(preview).getByText('Urgente').style.backgroundColor).toBe('rgb(201, 42, 42)'),
    );
    expect(within(preview).getByText('Urgente').style.color).toBe('rgb(255, 255, 255)');

    await user.click(screen.getByRole('button', { name: 'Adicionar Filtro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtro' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Campo obrigatório.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Assunto' }));
    await user.click(await screen.findByRole('option', { name: 'Chamado' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Filtros disponíveis' }));
    await user.click(await screen.findByRole('option', { name: 'Abertos' }));
    const filterName = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Nome do filtro' });
    await waitFor(() => expect(filterName.value).toBe('Abertos'));
    expect(filterName.getAttribute('maxlength')).toBe('100');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtro' })).toBeNull());

    // One filter: it may be edited, not deleted.
    expect(screen.getByRole('button', { name: 'Editar Abertos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir Abertos' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe('POST');
    expect(writes[0]?.body).toEqual({
      tagName: 'Urgente',
      tagColor: '#c92a2a',
      tagFilters: [
        {
          filterId: null,
          filterName: 'Abertos',
          filter: idRule(7),
          subject: 'chamado',
          subjectAttributeId: null,
        },
      ],
    });
    await waitFor(() => expect(window.location.pathname).toBe('/tags/list/'));
  });

  it('edits a tag: unnamed rows, delete only while more than one, double-click to edit, server errors under fields', async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    editorServer(writes, () => ({
      status: 422,
      body: { errors: [{ message: 'Já existe uma tag com este texto.', field: 'tagName' }] },
    }));
    renderApp('/tags/editor/9', adminUser);
    await screen.findByRole('heading', { name: 'Editar tag' });
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Texto' })).value).toBe('Urgente');
    expect(screen.getByText('Filtro sem título')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLInputElement>('combobox', { name: 'Atributo do assunto de Alta' }).value,
      ).toBe('Prioridade'),
    );
    await user.click(screen.getByRole('button', { name: 'Excluir Filtro sem título' }));
    expect(screen.queryByText('Filtro sem título')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir Alta' })).toBeNull();

    await user.dblClick(screen.getByText('Alta'));
    const dialog = await screen.findByRole('dialog', { name: 'Filtro' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Nome do filtro' }).value).toBe(
      'Alta',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtro' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma tag com este texto.')).toBeTruthy();
    expect(writes[0]?.method).toBe('PUT');
    expect(writes[0]?.path).toBe('/api/tag/9');
    expect(window.location.pathname).toBe('/tags/editor/9');
  });
});
