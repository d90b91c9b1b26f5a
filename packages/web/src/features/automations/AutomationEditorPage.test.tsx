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

/** A saved job: "when a chamado is created or edited with priority Alta: tag, e-mail, notify". */
const savedJob = {
  jobId: 7,
  name: 'Chamados urgentes',
  events: [
    {
      eventId: 70,
      name: '',
      once: false,
      negate: false,
      steps: [
        {
          eventStepId: 71,
          eventStepType: 1,
          subjectId: 3,
          filterName: 'Prioridade alta',
          filter: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'equal', value: 'Alta' }] },
          filterId: null,
          cron: null,
          dialogTypeId: null,
        },
      ],
    },
  ],
  works: [
    {
      workId: 80,
      name: '',
      steps: [
        {
          workStepId: 81,
          workStepType: 'SetTalkTag',
          name: '',
          subjectId: null,
          filterName: '',
          filter: null,
          filterId: null,
          configs: [{ tagId: 9 }],
        },
        {
          workStepId: 82,
          workStepType: 'SendEmail',
          name: '',
          subjectId: null,
          filterName: '',
          filter: null,
          filterId: null,
          configs: [{ subject: 'Urgente', content: 'Olá', to: 'a@b.co' }],
        },
        {
          workStepId: 83,
          workStepType: 'Notification',
          name: '',
          subjectId: null,
          filterName: '',
          filter: null,
          filterId: null,
          configs: [{ notificationId: 4, receivers: [{ receiverType: 'room', receiverId: 1 }] }],
        },
      ],
    },
  ],
};

function jobServer(writes: StubbedCall[] = []) {
  return stubFetch(
    (call) => {
      if (call.method === 'POST' && call.path === '/api/job') {
        writes.push(call);
        return { status: 201, body: { jobId: 12 } };
      }
      if (call.method === 'PUT' && call.path === '/api/job/7') return { status: 200, body: savedJob };
      if (call.method === 'POST' && /^\/api\/job\/\d+\/run$/.test(call.path)) {
        writes.push(call);
        return { status: 202, body: { runId: 500 } };
      }
      return undefined;
    },
    ...chamadoRoutes(),
    on('GET', '/api/job/7', 200, savedJob),
    on('GET', '/api/job', 200, { itens: [], totalResults: 0, currentPage: 1 }),
    on('GET', '/api/Filter/chamado', 200, { itens: [], totalResults: 0 }),
    on('GET', '/api/tag', 200, {
      itens: [{ tagId: 9, tagName: 'Urgente', tagColor: '#c92a2a' }],
      totalResults: 1,
      currentPage: 1,
    }),
    on('GET', '/api/notification', 200, {
      itens: [{ notificationId: 4, notificationName: 'Chamado urgente', notificationChannels: [] }],
      totalResults: 1,
      currentPage: 1,
    }),
    on('GET', '/api/notification/variables', 200, []),
    on('GET', '/api/account', 200, { itens: [], totalResults: 0, currentPage: 1 }),
    on('GET', '/api/room', 200, { itens: [{ roomId: 1, roomName: 'Administradores' }], totalResults: 1 }),
  );
}

const GATED = 'Complete as configurações dos eventos acima antes de configurar as ações';
const INVALID_STEP = 'Preencha todos os dados corretamente antes de continuar!';

describe('automation editor', { timeout: 30_000 }, () => {
  it('a new automation: title required, actions blocked until the events are complete, save off while a step is edited', async () => {
    jobServer();
    renderApp('/automation/editor', adminUser);
    await screen.findByRole('heading', { name: 'Criar nova automação' }, { timeout: 10_000 });
    expect(await screen.findByRole('textbox', { name: /Título da automação/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quando acontecer...' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Então faça...' })).toBeTruthy();
    expect(screen.getByText('FIM')).toBeTruthy();
    // Actions are blocked with the spec's warning while the event has no type, filter or name.
    expect(screen.getByText(GATED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adicionar ação' })).toHaveProperty('disabled', true);
    // The first event starts in edit mode: save is off; no 'Salvar Como' nor 'Excluir' on a new one.
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Salvar Como' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.getByText('Conclua a etapa em edição para salvar.')).toBeTruthy();
  });

  it('an invalid step that has its type chosen cannot be closed: "Preencha todos os dados corretamente antes de continuar!"', async () => {
    const user = userEvent.setup();
    jobServer();
    renderApp('/automation/editor', adminUser);
    await screen.findByRole('heading', { name: 'Criar nova automação' }, { timeout: 10_000 });
    await user.click(await screen.findByRole('combobox', { name: 'Tipo de evento' }));
    await user.click(await screen.findByRole('option', { name: 'Criação de registro' }));
    await user.click(screen.getByRole('button', { name: 'Concluir etapa' }));
    const step = screen.getByRole('group', { name: /Evento 1/ });
    expect((await within(step).findAllByText(INVALID_STEP)).length).toBeGreaterThan(0);
    // Still being edited.
    expect(within(step).getByRole('button', { name: 'Concluir etapa' })).toBeTruthy();
    expect(screen.getByText(GATED)).toBeTruthy();
  });

  it('editing: save is on once no step is edited and off while one is; 1 → 3 asks, then keeps only SendEmail', async () => {
    const user = userEvent.setup();
    jobServer();
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByText(GATED)).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar Como' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.getAllByRole('group', { name: /^Ação \d/ })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Editar Evento 1' }));
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Salvar Como' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('combobox', { name: 'Tipo de evento' }));
    await user.click(await screen.findByRole('option', { name: 'Exclusão de registro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Alterar o evento para exclusão' });
    expect(within(confirm).getByText(/todas as ações exceto "Enviar e-mail"/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Alterar e remover ações' }));
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Ação \d/ })).toHaveLength(1));
    expect(within(screen.getByRole('group', { name: /^Ação 1/ })).getByText('Enviar e-mail')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Concluir etapa' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', false),
    );
  });

  it('refusing the 1 → 3 change keeps the type and every action', async () => {
    const user = userEvent.setup();
    jobServer();
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Editar Evento 1' }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo de evento' }));
    await user.click(await screen.findByRole('option', { name: 'Exclusão de registro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Alterar o evento para exclusão' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('group', { name: /^Ação \d/ })).toHaveLength(3);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Tipo de evento' }).value).toBe(
      'Criação ou edição de registro',
    );
  });

  it("'Salvar Como' posts a copy without ids, named ' (Cópia)', then offers the run on existing records", async () => {
    const user = userEvent.setup();
    const writes: StubbedCall[] = [];
    jobServer(writes);
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    const saveAs = await screen.findByRole('button', { name: 'Salvar Como' });
    await waitFor(() => expect(saveAs).toHaveProperty('disabled', false));
    await user.click(saveAs);
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]?.body as typeof savedJob;
    expect(body.name).toBe('Chamados urgentes (Cópia)');
    expect(body.jobId).toBeNull();
    expect(body.events[0]?.eventId).toBeNull();
    expect(body.events[0]?.steps[0]?.eventStepId).toBeNull();
    expect(body.works[0]?.workId).toBeNull();
    expect(body.works[0]?.steps.map((s) => s.workStepId)).toEqual([null, null, null]);
    expect(body.works[0]?.steps[0]?.configs).toEqual([{ tagId: 9 }]);

    const ask = await screen.findByRole('dialog', { name: 'Registros existentes' });
    expect(within(ask).getByText('Executar esta automação para os registro existentes?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Executar agora' }));
    await waitFor(() => expect(writes.map((w) => w.path)).toContain('/api/job/12/run'));
  });

  it('delete mode shows Excluir and hides Salvar Como', async () => {
    jobServer();
    renderApp('/automation/editor/7?delete=true', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar Como' })).toBeNull();
  });

  it('offers the events beyond the spec; "Etiqueta adicionada" picks its tag (or any) and saves it', async () => {
    const user = userEvent.setup();
    const calls = jobServer();
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Editar Evento 1' }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo de evento' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.slice(-5)).toEqual([
      'Desativação de registro',
      'Arquivo adicionado',
      'Etiqueta adicionada',
      'SLA em risco',
      'SLA violado',
    ]);
    await user.click(screen.getByRole('option', { name: 'Etiqueta adicionada' }));
    const tag = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Etiqueta' });
    expect(tag.value).toBe('Qualquer etiqueta');
    const pickUrgente = async () => {
      await user.click(screen.getByRole('combobox', { name: 'Etiqueta' }));
      await user.click(await screen.findByRole('option', { name: 'Urgente' }));
      await waitFor(() =>
        expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Etiqueta' }).value).toBe('Urgente'),
      );
    };
    await pickUrgente();
    // Another type has no tag, and leaves none behind.
    await user.click(screen.getByRole('combobox', { name: 'Tipo de evento' }));
    await user.click(await screen.findByRole('option', { name: 'Desativação de registro' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Etiqueta' })).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Tipo de evento' }));
    await user.click(await screen.findByRole('option', { name: 'Etiqueta adicionada' }));
    expect((await screen.findByRole<HTMLInputElement>('combobox', { name: 'Etiqueta' })).value).toBe(
      'Qualquer etiqueta',
    );
    await pickUrgente();
    await user.click(screen.getByRole('button', { name: 'Concluir etapa' }));
    const event = screen.getByRole('group', { name: /Evento 1/ });
    expect(within(event).getByText('Etiqueta adicionada')).toBeTruthy();
    expect(within(event).getByText(/· Urgente/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Salvar' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/job/7')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as typeof savedJob;
    expect(put.events[0]?.steps[0]).toMatchObject({ eventStepType: 10, tagId: 9 });
    // Saving an existing job does not offer the run on existing records.
    expect(screen.queryByRole('dialog', { name: 'Registros existentes' })).toBeNull();
  });

  it('switching SetTalkTag to RemoveTalkTag keeps the chosen tag', async () => {
    const user = userEvent.setup();
    jobServer();
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Editar Ação 1' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Tag' }).value).toBe('Urgente'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Remover tag' }));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Tag' }).value).toBe('Urgente');
  });
});

describe('integration action kinds (issue 35)', { timeout: 30_000 }, () => {
  const UNAVAILABLE = 'Esta ação de integração não está disponível nesta instalação.';
  const integrationJob = {
    ...savedJob,
    works: [
      {
        workId: 80,
        name: '',
        steps: [
          {
            workStepId: 84,
            workStepType: 'ComprovanteAverbacao',
            name: '',
            subjectId: null,
            filterName: '',
            filter: null,
            filterId: null,
            configs: [{ apolice: '123' }],
          },
        ],
      },
    ],
  };
  const server = (integrationKinds: string[]) =>
    stubFetch(
      on('GET', '/api/job/actions', 200, { integrationKinds }),
      on('GET', '/api/job/7', 200, integrationJob),
      ...chamadoRoutes(),
      on('GET', '/api/Filter/chamado', 200, { itens: [], totalResults: 0 }),
    );

  it("without a handler on the server, the step shows the server's text, open and closed, and save is off", async () => {
    const user = userEvent.setup();
    server([]);
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    const step = await screen.findByRole('group', { name: /^Ação 1/ });
    expect(await within(step).findByText(UNAVAILABLE)).toBeTruthy();
    expect(within(step).getByText('Comprovante de averbação')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', true),
    );
    await user.click(within(step).getByRole('button', { name: 'Editar Ação 1' }));
    expect(await within(step).findByText(UNAVAILABLE)).toBeTruthy();
    expect(
      within(step).queryByText('Esta integração não tem configurações editáveis nesta tela.'),
    ).toBeNull();
  });

  it('with a handler registered for the kind, the step keeps its configuration and can be saved', async () => {
    server(['ComprovanteAverbacao']);
    renderApp('/automation/editor/7', adminUser);
    await screen.findByRole('heading', { name: 'Editar automação' }, { timeout: 10_000 });
    const step = await screen.findByRole('group', { name: /^Ação 1/ });
    expect(
      await within(step).findByText('Esta integração não tem configurações editáveis nesta tela.'),
    ).toBeTruthy();
    expect(within(step).queryByText(UNAVAILABLE)).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', false),
    );
  });
});
