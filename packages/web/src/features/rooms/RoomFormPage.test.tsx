import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomDetail, SubjectResource } from '@talkbase/domain/contracts/rooms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillJsdomGaps } from '../../fields/editors/complex/jsdom-gaps.ts';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { adminUser, renderApp } from '../../test/render-app.tsx';
import type { RoomFilterDraft } from './room-draft.ts';
import { RoomFilterModal } from './RoomFilterModal.tsx';

fillJsdomGaps();
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const chamado: SubjectResource = {
  resourceId: 3,
  resourceName: 'Chamado',
  subjectIdentifier: 'chamado',
  attributes: [
    { resourceId: 31, attributeName: 'Título', componentId: 1 },
    { resourceId: 32, attributeName: 'Prioridade', componentId: 3 },
  ],
};
const resources = {
  Menus: [{ resourceId: 70, resourceName: 'Chamados', icon: null, subjectIdentifier: 'chamado', menus: [] }],
  Subjects: [chamado],
};
const room: RoomDetail = {
  roomId: 5,
  roomName: 'Atendimento',
  displayName: 'Suporte',
  color: '#336699',
  kind: 'custom',
  subjects: [
    { resourceId: 3, subjectIdentifier: 'chamado', actions: ['read'], permissions: [], filter: null },
  ],
  sharedTalks: [],
  connectedRooms: [],
  menus: [{ resourceId: 70, actions: ['read'] }],
  roomFilters: [],
  roomNotifications: [],
  requireDigitalSignature: [],
  version: 2,
};
const subjectSchema = {
  subjectId: 3,
  subjectIdentifier: 'chamado',
  subjectName: 'Chamado',
  icon: null,
  isBuiltIn: false,
  subjectAttributes: [],
};

function roomServer(puts: unknown[], loaded: RoomDetail = room) {
  return stubFetch(
    on('GET', '/api/room/resource', 200, resources),
    on('GET', '/api/room/5', 200, loaded),
    on('GET', '/api/room', 200, { itens: [room], totalResults: 1, currentPage: 1 }),
    on('GET', '/api/Room/notification', 200, []),
    (call: StubbedCall) => {
      if (call.method !== 'PUT' || call.path !== '/api/room/5') return undefined;
      puts.push(call.body);
      return { status: 200, body: room };
    },
  );
}

describe('access profile form', { timeout: 30_000 }, () => {
  it('saves the matrices and, for the own room, resets the cached templates', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    roomServer(puts);
    const app = renderApp('/config/access_profile/room/5', { ...adminUser, roomId: 5 });
    app.queryClient.setQueryData(['context', 'grid', 'chamado', undefined], { cached: true });
    await screen.findByRole('heading', { name: 'Editar Perfil de Acesso' });
    const title = await screen.findByRole('textbox', { name: 'Título' });
    for (const title of [
      'Informações do perfil',
      'Filtros',
      'Conversas compartilhadas',
      'Menu',
      'Perfis de Acesso Relacionados',
      'Assuntos',
      'Notificações',
    ])
      // In the page: the side menu has its own 'Notificações' heading.
      expect(within(screen.getByRole('main')).getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('Atendimento');

    // A field's reading unticked; the title emptied first is refused before anything is sent.
    const subjects = screen.getByRole('region', { name: 'Assuntos' });
    await user.click(within(subjects).getByRole('button', { name: 'Permissões dos campos de Chamado' }));
    await user.click(within(subjects).getByRole('checkbox', { name: 'Visualizar o campo Prioridade' }));
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório.')).toBeTruthy();
    expect(puts).toEqual([]);
    await user.type(title, 'Atendimento');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      roomName: 'Atendimento',
      version: 2,
      permissions: {
        subjects: [
          {
            resourceId: 3,
            actions: ['read'],
            // Unticking Visualizar unticked what needs it (issue 39 item 11).
            permissions: [{ resourceId: 32, actions: [] }],
          },
        ],
        menus: [{ resourceId: 70, actions: ['read'] }],
      },
    });
    await screen.findByRole('heading', { name: 'Todos os Perfis de Acesso' }, { timeout: 10_000 });
    expect(app.queryClient.getQueryData(['context', 'grid', 'chamado', undefined])).toBeUndefined();
  });

  it('unticks the write actions of a field one may no longer see, and keeps every filter in one place', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    const own = { attribute: 'id', operator: 'greater', value: 1 };
    roomServer(puts, {
      ...room,
      subjects: [
        {
          resourceId: 3,
          subjectIdentifier: 'chamado',
          actions: ['read', 'update'],
          permissions: [],
          filter: own,
        },
      ],
    });
    renderApp('/config/access_profile/room/5', adminUser);
    const subjects = await screen.findByRole('region', { name: 'Assuntos' });
    // The matrix counts the subject's filters; the Filtros section lists and edits them.
    expect(within(subjects).getByText('1 filtro')).toBeTruthy();
    const filters = screen.getByRole('region', { name: 'Filtros' });
    expect(within(filters).getByText('Filtro do assunto Chamado')).toBeTruthy();
    expect(
      within(filters).getByRole('button', { name: 'Editar o filtro Filtro do assunto Chamado' }),
    ).toBeTruthy();

    await user.click(within(subjects).getByRole('button', { name: 'Permissões dos campos de Chamado' }));
    const change = within(subjects).getByRole<HTMLInputElement>('checkbox', {
      name: 'Alterar o campo Prioridade',
    });
    expect(change.checked).toBe(true);
    await user.click(within(subjects).getByRole('checkbox', { name: 'Visualizar o campo Prioridade' }));
    expect(change.checked).toBe(false);
    await user.click(change);
    expect(
      within(subjects).getByRole<HTMLInputElement>('checkbox', { name: 'Visualizar o campo Prioridade' })
        .checked,
    ).toBe(true);
  });

  it('keeps the cached templates when another room is saved', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    roomServer(puts);
    const app = renderApp('/config/access_profile/room/5', adminUser);
    app.queryClient.setQueryData(['context', 'grid', 'chamado', undefined], { cached: true });
    await screen.findByRole('textbox', { name: 'Título' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('heading', { name: 'Todos os Perfis de Acesso' }, { timeout: 10_000 });
    expect(puts).toHaveLength(1);
    expect(app.queryClient.getQueryData(['context', 'grid', 'chamado', undefined])).toEqual({ cached: true });
  });
});

describe("the 'Filtro' modal", { timeout: 30_000 }, () => {
  const used: RoomFilterDraft = {
    key: 1,
    filterId: 40,
    filterName: 'Abertos',
    subjectIdentifier: 'chamado',
    filter: { attribute: 'id', operator: 'greater', value: 1 },
  };

  function renderModal(onSave: (f: RoomFilterDraft) => void) {
    stubFetch(
      on('GET', '/api/Filter/chamado', 200, {
        itens: [
          { filterId: 40, filterName: 'Abertos' },
          { filterId: 41, filterName: 'Urgentes' },
        ],
        totalResults: 2,
      }),
      on('GET', '/api/talk/filtro/40', 200, {
        talkValues: [
          { subjectAttributeIdentifier: 'filtro', value: { attribute: 'id', operator: 'greater', value: 7 } },
        ],
      }),
      on('GET', '/api/subject/chamado', 200, subjectSchema),
    );
    render(
      <TestProviders>
        <RoomFilterModal
          initial={{
            key: 0,
            filterId: null,
            filterName: '',
            subjectIdentifier: 'chamado',
            filter: { condition: 'E', rules: [] },
          }}
          subjects={[chamado]}
          roomFilters={[used]}
          nextKey={2}
          onSave={onSave}
          onClose={() => undefined}
        />
      </TestProviders>,
    );
  }

  it('asks before reusing a saved filter of the room, then offers to update it instead of adding it twice', async () => {
    const user = userEvent.setup();
    const saved: RoomFilterDraft[] = [];
    renderModal((f) => saved.push(f));
    const dialog = await screen.findByRole('dialog', { name: 'Filtro' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Filtros disponíveis' }));
    await user.click(await screen.findByRole('option', { name: 'Abertos' }));
    const ask = await screen.findByRole('dialog', { name: 'Filtro em uso' });
    expect(
      within(ask).getByText('Este filtro salvo já é usado neste perfil de acesso. Deseja continuar?'),
    ).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Sim' }));
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Nome do filtro' }).value).toBe(
        'Abertos',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const update = await screen.findByRole('dialog', { name: 'Filtro já adicionado' });
    await user.click(within(update).getByRole('button', { name: 'Sim' }));
    expect(saved).toEqual([
      {
        key: 1,
        filterId: 40,
        filterName: 'Abertos',
        subjectIdentifier: 'chamado',
        filter: { attribute: 'id', operator: 'greater', value: 7 },
      },
    ]);
  });

  it('turns the tree into a new filter when the saved filter is unselected, after asking', async () => {
    const user = userEvent.setup();
    const saved: RoomFilterDraft[] = [];
    renderModal((f) => saved.push(f));
    const dialog = await screen.findByRole('dialog', { name: 'Filtro' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Filtros disponíveis' }));
    await user.click(await screen.findByRole('option', { name: 'Abertos' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Filtro em uso' })).getByRole('button', {
        name: 'Sim',
      }),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Nome do filtro' }).value).toBe(
        'Abertos',
      ),
    );
    const name = within(dialog).getByRole('textbox', { name: 'Nome do filtro' });
    await user.clear(name);
    await user.type(name, 'Meus abertos');
    const clear = dialog.querySelector<HTMLButtonElement>(
      '.mantine-InputClearButton-root, [data-combobox-clear]',
    );
    expect(clear).not.toBeNull();
    if (clear) await user.click(clear);
    const ask = await screen.findByRole('dialog', { name: 'Novo filtro' });
    await user.click(within(ask).getByRole('button', { name: 'Sim' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(saved).toEqual([
      {
        key: 2,
        filterId: null,
        filterName: 'Meus abertos',
        subjectIdentifier: 'chamado',
        filter: { attribute: 'id', operator: 'greater', value: 7 },
      },
    ]);
  });
});
