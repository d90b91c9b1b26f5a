import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MessagePage } from '@talkbase/domain/contracts/messages';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { signInByApi, suiteApi } from './api.ts';
import { seriousViolations } from './axe.ts';
import { screenshot } from './browser.ts';
import { signedIn } from './helpers.ts';
import {
  cutRealtimeSockets,
  realtimeSocketOpen,
  releaseRealtimeSockets,
  steerRealtimeSockets,
} from './realtime-sockets.ts';
import { useSuite } from './suite.ts';

const AGENT = { email: 'atendente@talkbase.local', password: 'Atendente-Demo-2026' };
const CUSTOMER = { email: 'cliente@talkbase.local', password: 'Cliente-Demo-2026' };

const suite = useSuite({ SEED: 'demo' });

const { ok: api } = suiteApi(suite);

/** The conversation under a record's talk view, as its reader sees it. */
class ThreadPage {
  readonly page: Page;
  readonly thread: Locator;
  readonly log: Locator;
  readonly composer: Locator;
  constructor(page: Page) {
    this.page = page;
    this.thread = page.getByRole('region', { name: 'Conversa' });
    this.log = this.thread.getByRole('log', { name: 'Conversa' });
    this.composer = this.thread.getByRole('textbox', { name: 'Mensagem' });
  }
  async open(url: string, talkId: number): Promise<void> {
    await this.page.goto(`${url}/context/talk/chamado/${String(talkId)}`);
    await this.composer.waitFor();
  }
  /** Types as a user would and sends with Enter. */
  async send(text: string): Promise<void> {
    await this.composer.click();
    await this.composer.pressSequentially(text, { delay: 10 });
    await this.composer.press('Enter');
  }
  message(text: string): Locator {
    return this.log.getByRole('listitem').filter({ hasText: text });
  }
}

/** The demo customer's token and the id of its ticket at `index` in the list's default order. */
async function customersTicket(index: number): Promise<{ customerToken: string; talkId: number }> {
  const customerToken = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
  const mine = await api<PagedTalks>(customerToken, 'POST', '/api/talk/filter/chamado/', {
    page: 1,
    fetch: index + 1,
  });
  const talkId = mine.itens[index]?.talkId ?? 0;
  expect(talkId).toBeGreaterThan(0);
  return { customerToken, talkId };
}

describe('the conversation on a ticket (issue 13)', () => {
  it('lets the customer and the attendant exchange messages, each seeing the other’s live', async () => {
    const { customerToken, talkId } = await customersTicket(0);

    const path = `/context/talk/chamado/${String(talkId)}`;
    const customer = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password, path);
    const agent = await signedIn(suite.browser, suite.server, AGENT.email, AGENT.password, path);
    const customerThread = new ThreadPage(customer.page);
    const agentThread = new ThreadPage(agent.page);
    await customerThread.composer.waitFor();
    await agentThread.composer.waitFor();
    await customerThread.thread.getByText('Nenhuma mensagem').waitFor();
    await customerThread.thread.scrollIntoViewIfNeeded();
    await screenshot(customer.page, 'messages-empty');

    // The customer writes; the attendant's open thread shows it without a reload.
    await customerThread.send('Bom dia! A impressora voltou a travar.');
    await customerThread.message('Bom dia! A impressora voltou a travar.').waitFor();
    expect(await customerThread.composer.inputValue()).toBe('');
    await agentThread.message('Bom dia! A impressora voltou a travar.').waitFor({ timeout: 10_000 });
    expect(await agentThread.message('Bom dia! A impressora voltou a travar.').textContent()).toContain(
      'Carlos',
    );
    // Out of view below the form, the thread stays unread; the talk view's menu says so and leads there.
    const menuLink = agent.page
      .getByRole('navigation', { name: 'Áreas do registro' })
      .getByRole('button', { name: /Conversa/ });
    await menuLink.getByText('1 não lida').waitFor();
    await screenshot(agent.page, 'messages-agent-unread');
    expect(await seriousViolations(agent.page)).toEqual([]);
    await menuLink.click();
    await menuLink.getByText('1 não lida').waitFor({ state: 'detached' });

    // Shift+Enter breaks the line; Enter sends. The customer sees the answer live.
    await agentThread.composer.click();
    await agentThread.composer.pressSequentially('Olá, Carlos.', { delay: 10 });
    await agentThread.composer.press('Shift+Enter');
    await agentThread.composer.pressSequentially('Já estamos verificando.', { delay: 10 });
    expect(await agentThread.composer.inputValue()).toBe('Olá, Carlos.\nJá estamos verificando.');
    await agentThread.composer.press('Enter');
    const answer = customerThread.message('Já estamos verificando.');
    await answer.waitFor({ timeout: 10_000 });
    expect(await answer.locator('.message-text').innerText()).toBe('Olá, Carlos.\nJá estamos verificando.');
    expect(await answer.textContent()).toContain('Ana');

    // The server has both, in order, and each reader has read them (the thread was on screen).
    const page = await api<MessagePage>(customerToken, 'GET', `/api/talk/chamado/${String(talkId)}/messages`);
    expect(page.itens.map((m) => m.text)).toEqual([
      'Olá, Carlos.\nJá estamos verificando.',
      'Bom dia! A impressora voltou a travar.',
    ]);
    await expect
      .poll(
        async () =>
          (
            await api<{ unread: number }>(
              customerToken,
              'GET',
              `/api/talk/chamado/${String(talkId)}/messages/unread`,
            )
          ).unread,
      )
      .toBe(0);

    await customerThread.thread.scrollIntoViewIfNeeded();
    expect(await seriousViolations(customer.page)).toEqual([]);
    await screenshot(customer.page, 'messages-day');
    await customer.shell.nightMode.click();
    await customerThread.thread.scrollIntoViewIfNeeded();
    expect(await seriousViolations(customer.page)).toEqual([]);
    await screenshot(customer.page, 'messages-night');
    await agentThread.thread.scrollIntoViewIfNeeded();
    await screenshot(agent.page, 'messages-agent');

    await customer.context.close();
    await agent.context.close();
  });

  it('shows a message written while the reader’s connection was cut once it is back', async () => {
    const { talkId } = await customersTicket(1);
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const customer = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    await steerRealtimeSockets(customer.context, { held: false });
    const thread = new ThreadPage(customer.page);
    await thread.open(suite.server.url, talkId);
    // Live first: a message pushed while connected shows.
    await api(agentToken, 'POST', `/api/talk/chamado/${String(talkId)}/messages`, {
      text: 'Primeira resposta',
    });
    await thread.message('Primeira resposta').waitFor({ timeout: 10_000 });

    // The connection drops; a message written meanwhile is pushed to no one.
    await cutRealtimeSockets(customer.page);
    await customer.page.getByText('Tentando reconexão com servidor em tempo real').waitFor();
    await api(agentToken, 'POST', `/api/talk/chamado/${String(talkId)}/messages`, {
      text: 'Escrita enquanto a conexão caiu',
    });
    // Back: the thread reads again and shows it.
    await releaseRealtimeSockets(customer.page);
    await customer.page.getByText('Conexão com servidor em tempo real reestabelecida').waitFor();
    await thread.message('Escrita enquanto a conexão caiu').waitFor({ timeout: 10_000 });
    await thread.thread.scrollIntoViewIfNeeded();
    await screenshot(customer.page, 'messages-after-reconnect');
    await customer.context.close();
  });

  it('shows a message pushed while the thread’s first read, answered before it, is still on its way', async () => {
    const { talkId } = await customersTicket(2);
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const customer = await signedIn(suite.browser, suite.server, CUSTOMER.email, CUSTOMER.password);
    await steerRealtimeSockets(customer.context, { held: false });
    const page = customer.page;
    // A slow network: the thread's reads answered before the message was written reach the page
    // only after the message's push (a push overtaking a response, as on a loaded server).
    let written = false;
    let pushArrived: () => void = () => undefined;
    const pushed = new Promise<void>((resolve) => (pushArrived = resolve));
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"SendTalkMessage"')) pushArrived();
      }),
    );
    let staleReads = 0;
    await page.route(`**/api/talk/chamado/${String(talkId)}/messages?*`, async (route) => {
      const response = await route.fetch();
      if (!written) {
        staleReads += 1;
        await pushed;
      }
      // A read the page has given up on is gone: nothing to answer.
      await route.fulfill({ response }).catch(() => undefined);
    });
    const thread = new ThreadPage(page);
    await thread.open(suite.server.url, talkId);
    await expect.poll(() => staleReads).toBeGreaterThan(0);
    await realtimeSocketOpen(page);

    await api(agentToken, 'POST', `/api/talk/chamado/${String(talkId)}/messages`, {
      text: 'Resposta durante o carregamento',
    });
    written = true;
    await pushed;
    await thread.message('Resposta durante o carregamento').waitFor({ timeout: 10_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await customer.context.close();
  });

  it('does not show the customer a ticket of another client, nor its conversation', async () => {
    const customerToken = await signInByApi(suite.server, CUSTOMER.email, CUSTOMER.password);
    const agentToken = await signInByApi(suite.server, AGENT.email, AGENT.password);
    const mine = await api<PagedTalks>(customerToken, 'POST', '/api/talk/filter/chamado/', {
      page: 1,
      fetch: 1000,
    });
    const all = await api<PagedTalks>(agentToken, 'POST', '/api/talk/filter/chamado/', {
      page: 1,
      fetch: 1000,
    });
    const other = all.itens.find((t) => !mine.itens.some((m) => m.talkId === t.talkId))?.talkId ?? 0;
    await api(agentToken, 'POST', `/api/talk/chamado/${String(other)}/messages`, {
      text: 'Assunto de outro cliente',
    });
    const res = await fetch(`${suite.server.url}/api/talk/chamado/${String(other)}/messages`, {
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(res.status).toBe(404);
  });
});
