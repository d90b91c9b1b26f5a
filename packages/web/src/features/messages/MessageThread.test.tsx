import type { MessageAccount, MessagePage, TalkMessage } from '@talkbase/domain/contracts/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { dispatchRealtime } from '../realtime/realtime-events.ts';
import { clearSession, startSession } from '../session/session-store.ts';
import { stubFetch, type StubbedCall } from '../../test/fetch-stub.ts';
import { ordinaryUser } from '../../test/render-app.tsx';
import { MessageThread } from './MessageThread.tsx';

const BASE = '/api/talk/chamado/7/messages';
const ME = ordinaryUser.accountId;

/** A server in memory: the thread's calls answered from a list of messages. */
function server(opts: { failList?: boolean; participants?: MessageAccount[]; unread?: number } = {}) {
  const state = {
    messages: [] as TalkMessage[],
    unread: opts.unread ?? 0,
    failList: opts.failList ?? false,
    nextId: 100,
  };
  const add = (over: Partial<TalkMessage>) => {
    const m: TalkMessage = {
      messageId: state.nextId++,
      subject: 'chamado',
      talkId: 7,
      conversationId: 3,
      text: 'Olá',
      authorId: 9,
      authorName: 'Ana Atendente',
      createdAt: '2026-11-23T17:05:00.000Z',
      visibleTo: null,
      ...over,
    };
    state.messages.push(m);
    return m;
  };
  const calls = stubFetch((call: StubbedCall) => {
    if (call.path === BASE && call.method === 'GET') {
      if (state.failList) return { status: 500, body: { errors: [{ message: 'Erro interno.' }] } };
      const itens = [...state.messages].reverse();
      const page: MessagePage = {
        itens,
        totalResults: itens.length,
        currentPage: 1,
        conversationId: 3,
        lastReadMessageId: 0,
      };
      return { status: 200, body: page };
    }
    if (call.path === BASE && call.method === 'POST') {
      const body = call.body as { text: string; visibleTo: number[] | null };
      if (body.text === 'proibido')
        return {
          status: 422,
          body: {
            errors: [
              { message: 'Uma das pessoas escolhidas não pode receber esta mensagem.', field: 'visibleTo' },
            ],
          },
        };
      const m = add({ text: body.text, authorId: ME, authorName: ordinaryUser.name });
      return { status: 201, body: { messageId: m.messageId, conversationId: 3 } };
    }
    if (call.path === `${BASE}/unread`)
      return { status: 200, body: { conversationId: 3, unread: state.unread, lastMessageId: null } };
    if (call.path === `${BASE}/read`) {
      state.unread = 0;
      return { status: 200, body: { conversationId: 3, unread: 0, lastMessageId: null } };
    }
    if (call.path === `${BASE}/participants`) return { status: 200, body: opts.participants ?? [] };
    return undefined;
  });
  return { state, add, calls };
}

function renderThread() {
  return render(
    <TestProviders>
      <MessageThread subject="chamado" talkId={7} />
    </TestProviders>,
  );
}

const composer = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Mensagem/ });
const log = () => screen.getByRole('log', { name: 'Conversa' });
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('message thread', () => {
  beforeEach(() => {
    startSession({ token: 'tok', user: ordinaryUser });
    setVisibility('visible');
  });
  afterEach(() => {
    clearSession();
  });

  it('shows the empty state, then the message sent with Enter', async () => {
    const { calls } = server();
    renderThread();
    expect(await screen.findByText('Nenhuma mensagem')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(composer(), '  Minha impressora parou  {Enter}');
    const posted = calls.find((c) => c.method === 'POST' && c.path === BASE);
    expect(posted?.body).toEqual({ text: 'Minha impressora parou', visibleTo: null });
    expect(await within(log()).findByText('Minha impressora parou')).toBeTruthy();
    expect(within(log()).getByText('Você')).toBeTruthy();
    expect(composer().value).toBe('');
  });

  it('breaks the line with Shift+Enter instead of sending, and sends nothing blank', async () => {
    const { calls } = server();
    renderThread();
    await screen.findByText('Nenhuma mensagem');
    const user = userEvent.setup();
    await user.type(composer(), '   {Enter}');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar' }).disabled).toBe(true);
    await user.clear(composer());
    await user.type(composer(), 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(composer().value).toBe('linha 1\nlinha 2');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'linha 1\nlinha 2',
        visibleTo: null,
      });
    });
  });

  it('lists messages oldest first with author, time in pt-BR and who may see them', async () => {
    const { add } = server();
    add({ text: 'Primeira', authorName: 'Ana Atendente' });
    add({ text: 'Segunda', authorId: ME, createdAt: '2026-11-23T18:30:00.000Z' });
    add({ text: 'Interna', authorName: 'Bruno', visibleTo: [{ accountId: 9, name: 'Ana Atendente' }] });
    renderThread();
    const items = await within(await screen.findByRole('log')).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.message-text')?.textContent)).toEqual([
      'Primeira',
      'Segunda',
      'Interna',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Ana Atendente')).toBeTruthy();
    // 17:05 UTC is 14:05 in São Paulo.
    expect(within(items[0] as HTMLElement).getByText('23/11/2026 14:05')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Você')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('Visível para Ana Atendente')).toBeTruthy();
  });

  it('shows a message pushed live for this record, and ignores pushes of other records', async () => {
    const { add, calls } = server();
    add({ text: 'Primeira' });
    renderThread();
    await within(await screen.findByRole('log')).findByText('Primeira');
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === BASE).length;
    const before = reads();
    act(() => {
      dispatchRealtime({ event: 'SendTalkMessage', data: { subject: 'chamado', talkId: 8, messageId: 1 } });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(before);
    const m = add({ text: 'Chegou agora', authorName: 'Bruno' });
    act(() => {
      dispatchRealtime({
        event: 'SendTalkMessage',
        data: { subject: 'chamado', talkId: 7, messageId: m.messageId, message: m },
      });
    });
    expect(await within(log()).findByText('Chegou agora')).toBeTruthy();
  });

  it('shows the unread badge while the window is behind, and marks the thread read once seen', async () => {
    setVisibility('hidden');
    const { add, calls, state } = server({ unread: 2 });
    add({ text: 'Um' });
    const last = add({ text: 'Dois' });
    renderThread();
    expect(await screen.findByText('2 não lidas')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BASE}/read`)).toBe(false);
    act(() => {
      setVisibility('visible');
    });
    await waitFor(() => {
      expect(screen.queryByText('2 não lidas')).toBeNull();
    });
    expect(calls.find((c) => c.path === `${BASE}/read`)?.body).toEqual({ messageId: last.messageId });
    expect(state.unread).toBe(0);
  });

  it('shows a load error with a retry', async () => {
    const { state, add } = server({ failList: true });
    renderThread();
    expect(await screen.findByText('Não foi possível carregar as mensagens.')).toBeTruthy();
    state.failList = false;
    add({ text: 'Voltou' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(log()).findByText('Voltou')).toBeTruthy();
  });

  it('addresses a message to the chosen people and shows the server’s refusal', async () => {
    const { calls } = server({ participants: [{ accountId: 31, name: 'Clara Cliente' }] });
    renderThread();
    const user = userEvent.setup();
    const picker = (await screen.findAllByLabelText('Visível para')).find((el) =>
      el.hasAttribute('placeholder'),
    );
    if (!picker) throw new Error('no visibility picker');
    expect(picker.getAttribute('placeholder')).toBe('Todos que podem ver o registro');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Clara Cliente' }));
    await user.type(composer(), 'Só para a Clara{Enter}');
    await waitFor(() => {
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: 'Só para a Clara',
        visibleTo: [31],
      });
    });
    await user.type(composer(), 'proibido{Enter}');
    expect(
      await screen.findByText('Uma das pessoas escolhidas não pode receber esta mensagem.'),
    ).toBeTruthy();
    expect(composer().value).toBe('proibido');
  });
});
