import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { clearNotices, getNotices } from '../notices/notices-store.ts';
import { NotificationFormPage } from './NotificationFormPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearNotices();
});

const channels = [
  { channelId: 1, channelDescription: 'Aplicação', isEnable: true, companyChannelId: 11 },
  { channelId: 2, channelDescription: 'E-mail', isEnable: true, companyChannelId: 12 },
  { channelId: 3, channelDescription: 'Notificação do navegador', isEnable: false, companyChannelId: 13 },
];
const variables = [
  { variable: 'User.Email', label: 'E-mail do usuário', group: 'user' },
  { variable: 'User.Name', label: 'Nome do usuário', group: 'user' },
  { variable: 'IdentificadorConversa', label: 'Identificador da conversa', group: 'talk' },
];

function renderForm(links: { publicUrl: string | null } = { publicUrl: null }) {
  const calls = stubFetch(
    on('GET', '/api/notification/links', 200, links),
    on('GET', '/api/company/channels', 200, channels),
    on('GET', '/api/notification/variables', 200, variables),
    on('GET', '/api/context/subjects', 200, []),
    (call) =>
      call.method === 'POST' && call.path === '/api/notification'
        ? { status: 201, body: { notificationId: 9, ...(call.body as object) } }
        : undefined,
  );
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/config/notifications/form']}>
        <Routes>
          <Route path="/config/notifications/form" element={<NotificationFormPage />} />
          <Route path="/config/notifications" element={<p>lista</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return calls;
}

describe('notification form', { timeout: 30_000 }, () => {
  it('under "Anexar links de referência", says that without PUBLIC_URL e-mails carry no link', async () => {
    const user = userEvent.setup();
    renderForm();
    const none =
      'O servidor não tem endereço público (PUBLIC_URL): os e-mails nomeiam o registro, mas sem link. Peça ao responsável pelo servidor para configurá-lo.';
    expect(await screen.findByText(none)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /Anexar links de referência/ }));
    await waitFor(() => expect(screen.queryByText(none)).toBeNull());
  });

  it('with PUBLIC_URL, names the address the links point to', async () => {
    renderForm({ publicUrl: 'https://talkbase.example.com.br' });
    expect(
      await screen.findByText('Os e-mails levam um link para o registro em https://talkbase.example.com.br.'),
    ).toBeTruthy();
  });

  it("closes pairs, opens the picker on '${' and writes the chosen variable between the braces", async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('heading', { name: 'Cadastrar Notificações' });
    const title = screen.getByRole('textbox', { name: /^Título/ });
    // '{{' is user-event's way of typing one '{'.
    await user.type(title, 'Olá ${{');
    const picker = await screen.findByRole('dialog', { name: 'Selecionar variável' });
    expect(within(picker).getByRole('button', { name: /E-mail do usuário/ })).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: /Nome do usuário/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((title as HTMLInputElement).value).toBe('Olá ${User.Name}');
    // The caret sits after the closing brace: typing goes on from there.
    await user.type(title, '!');
    expect((title as HTMLInputElement).value).toBe('Olá ${User.Name}!');

    const message = screen.getByRole('textbox', { name: /^Mensagem/ });
    await user.type(message, 'Veja "o registro');
    expect((message as HTMLTextAreaElement).value).toBe('Veja "o registro"');
    // Typing the closer over the inserted one steps over it.
    await user.keyboard('" [[x]');
    expect((message as HTMLTextAreaElement).value).toBe('Veja "o registro" [x]');
  });

  it('asks for a channel, drops the required flag with its channel, then saves', async () => {
    const user = userEvent.setup();
    const calls = renderForm();
    await screen.findByRole('heading', { name: 'Cadastrar Notificações' });
    expect(screen.getByText('* É obrigatório informar pelo menos um canal')).toBeTruthy();
    // Only the company's enabled channels are offered.
    expect(screen.queryByRole('checkbox', { name: /Notificação do navegador/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Chamado aberto');
    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Novo chamado');
    await user.type(screen.getByRole('textbox', { name: /^Mensagem/ }), 'Um chamado foi aberto');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(getNotices().map((n) => n.title)).toContain('Por favor, selecione pelo menos um canal.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const requiredEmail = screen.getByRole('checkbox', { name: 'Obrigatório: E-mail' });
    expect((requiredEmail as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Enviar: E-mail' }));
    await user.click(requiredEmail);
    expect((requiredEmail as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Enviar: E-mail' }));
    expect((requiredEmail as HTMLInputElement).checked).toBe(false);
    expect((requiredEmail as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Enviar: Aplicação' }));
    await user.click(screen.getByRole('checkbox', { name: 'Enviar: E-mail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Obrigatório: Aplicação' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('lista');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      notificationName: 'Chamado aberto',
      notificationDescription: null,
      subjectId: null,
      titleTemplate: 'Novo chamado',
      messageTemplate: 'Um chamado foi aberto',
      attachReferences: true,
      notificationChannels: [
        { channelId: 1, isRequired: true },
        { channelId: 2, isRequired: false },
      ],
    });
    expect(getNotices().map((n) => n.title)).toContain('Notificação Chamado aberto inserida com sucesso!');
  });
});
