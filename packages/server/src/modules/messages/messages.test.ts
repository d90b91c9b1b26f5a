import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage, UnreadCount } from '@talkbase/domain/contracts/messages';
import { expectErrorAnswer } from '../../test/error-answers.ts';
import { as, errorsOf } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { createCast, messagesUrl, post, type Cast } from './messages-test-setup.ts';

let c: Cast;
beforeAll(async () => {
  c = await createCast();
}, 60_000);
afterAll(async () => {
  await c.t.close();
});

const list = async (token: string, talkId: number, query = '') => {
  const res = await c.t.app.inject(as(token, { method: 'GET', url: `${messagesUrl(talkId)}${query}` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessagePage>();
};
const unread = async (token: string, talkId: number) => {
  const res = await c.t.app.inject(as(token, { method: 'GET', url: `${messagesUrl(talkId)}/unread` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnreadCount>();
};
const markRead = (token: string, talkId: number, payload: Record<string, unknown> = {}) =>
  c.t.app.inject(as(token, { method: 'POST', url: `${messagesUrl(talkId)}/read`, payload }));
const newTicket = () =>
  createTalk(c.t.app, c.tokens.admin, 'chamado', { titulo: 'Chamado novo', cliente: null });
const countRows = async (table: 'talk_messages' | 'outbox_events') =>
  Number(
    (
      await c.t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the conversation on a record', () => {
  it('posts a message and lists it, newest first, with author, time and paging', async () => {
    const talkId = await newTicket();
    const before = Date.now();
    const first = await post(c.t.app, c.tokens.agent1, talkId, {
      text: '  Bom dia!\nEm que posso ajudar?  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    const { messageId, conversationId } = first.json<{ messageId: number; conversationId: number }>();
    expect(messageId).toBeGreaterThan(0);
    await post(c.t.app, c.tokens.agent2, talkId, { text: 'Segunda' });
    await post(c.t.app, c.tokens.admin, talkId, { text: 'Terceira' });

    const page = await list(c.tokens.agent2, talkId);
    expect(page.totalResults).toBe(3);
    expect(page.currentPage).toBe(1);
    expect(page.conversationId).toBe(conversationId);
    expect(page.itens.map((m) => m.text)).toEqual(['Terceira', 'Segunda', 'Bom dia!\nEm que posso ajudar?']);
    const oldest = page.itens[2];
    expect(oldest).toMatchObject({
      messageId,
      subject: 'chamado',
      talkId,
      conversationId,
      authorId: c.ids.agent1,
      authorName: 'Ana',
      visibleTo: null,
    });
    expect(Date.parse(oldest?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 5);

    const second = await list(c.tokens.agent2, talkId, '?page=2&fetch=2');
    expect(second).toMatchObject({ totalResults: 3, currentPage: 2 });
    expect(second.itens.map((m) => m.text)).toEqual(['Bom dia!\nEm que posso ajudar?']);
    // A record without messages yet has no conversation id.
    expect(await list(c.tokens.agent1, await newTicket())).toMatchObject({
      itens: [],
      totalResults: 0,
      conversationId: null,
    });
  });

  it.each([
    ['an empty text', { text: '' }, 'Digite uma mensagem.'],
    ['blanks only', { text: ' \n\t ' }, 'Digite uma mensagem.'],
    ['a text too long', { text: 'a'.repeat(4001) }, 'A mensagem pode ter no máximo 4.000 caracteres.'],
    ['a NUL character', { text: 'oi\u0000' }, 'A mensagem contém caracteres inválidos.'],
  ])('refuses %s with a pt-BR message and writes nothing', async (_name, payload, message) => {
    const talkId = await newTicket();
    const [messagesBefore, eventsBefore] = [
      await countRows('talk_messages'),
      await countRows('outbox_events'),
    ];
    const res = await post(c.t.app, c.tokens.agent1, talkId, payload);
    expect(res.statusCode, res.body).toBe(400);
    expectErrorAnswer(res, { sent: payload });
    expect(errorsOf(res)).toEqual([{ message, field: 'text' }]);
    expect(await countRows('talk_messages')).toBe(messagesBefore);
    expect(await countRows('outbox_events')).toBe(eventsBefore);
  });

  it('accepts a text of exactly the maximum length, and refuses a missing one', async () => {
    const talkId = await newTicket();
    expect((await post(c.t.app, c.tokens.agent1, talkId, { text: 'é'.repeat(4000) })).statusCode).toBe(201);
    const missing = await post(c.t.app, c.tokens.agent1, talkId, {});
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)[0]?.field).toBe('text');
  });

  it('answers 404, as for a missing record, where the account may not read the record', async () => {
    await post(c.t.app, c.tokens.agent1, c.globexTicket, { text: 'Só para a Globex' });
    const missing = await c.t.app.inject(as(c.tokens.customer, { method: 'GET', url: messagesUrl(999_999) }));
    expect(missing.statusCode).toBe(404);
    const cases: [string, string][] = [
      ['customer', c.tokens.customer], // another client's ticket (the room's delimitation)
      ['finance', c.tokens.finance], // a room that does not read chamados
      ['other company', c.tokens.other],
    ];
    for (const [who, token] of cases) {
      for (const url of [messagesUrl(c.globexTicket), `${messagesUrl(c.globexTicket)}/unread`]) {
        const res = await c.t.app.inject(as(token, { method: 'GET', url }));
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        if (who === 'customer') expect(res.body).toBe(missing.body);
      }
      const before = await countRows('talk_messages');
      const posted = await post(c.t.app, token, c.globexTicket, { text: 'Olá' });
      expect(posted.statusCode, who).toBe(404);
      expect((await markRead(token, c.globexTicket)).statusCode, who).toBe(404);
      expect(await countRows('talk_messages')).toBe(before);
    }
    // Its own ticket, the customer reads and writes.
    expect((await post(c.t.app, c.tokens.customer, c.acmeTicket, { text: 'Olá, equipe' })).statusCode).toBe(
      201,
    );
    expect((await list(c.tokens.customer, c.acmeTicket)).itens[0]?.text).toBe('Olá, equipe');
  });

  it('shows a message addressed to some accounts to them and its author only', async () => {
    const talkId = c.acmeTicket;
    const res = await post(c.t.app, c.tokens.agent1, talkId, {
      text: 'Nota interna',
      visibleTo: [c.ids.agent2],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { messageId } = res.json<{ messageId: number }>();
    const seen = async (token: string) =>
      (await list(token, talkId)).itens.find((m) => m.messageId === messageId);
    expect(await seen(c.tokens.agent1)).toMatchObject({
      visibleTo: [{ accountId: c.ids.agent2, name: 'Bruno' }],
    });
    expect(await seen(c.tokens.agent2)).toMatchObject({ text: 'Nota interna' });
    expect(await seen(c.tokens.customer)).toBeUndefined();
    expect(await seen(c.tokens.admin)).toBeUndefined();
    const customerPage = await list(c.tokens.customer, talkId);
    expect(customerPage.totalResults).toBe(customerPage.itens.length);
    expect(customerPage.itens.some((m) => m.text === 'Nota interna')).toBe(false);
  });

  it('refuses to address accounts outside the rooms it interacts with or that cannot read the record', async () => {
    const refused = [
      [c.tokens.agent1, [c.ids.customer]], // room 1196 is not connected to the attendants'
      [c.tokens.agent1, [c.ids.finance]], // connected, but cannot read chamados
      [c.tokens.agent1, [999_999]], // no such account
      [c.tokens.customer, [c.ids.agent1]], // the customer's room is connected to none
    ] as const;
    for (const [token, visibleTo] of refused) {
      const before = await countRows('talk_messages');
      const res = await post(c.t.app, token, c.acmeTicket, { text: 'Para você', visibleTo });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual([
        { message: 'Uma das pessoas escolhidas não pode receber esta mensagem.', field: 'visibleTo' },
      ]);
      expect(await countRows('talk_messages')).toBe(before);
    }
    // A customer may address a colleague of its own room who reads the ticket; an administrator anyone.
    expect(
      (await post(c.t.app, c.tokens.customer, c.acmeTicket, { text: 'Oi', visibleTo: [c.ids.customer2] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post(c.t.app, c.tokens.admin, c.acmeTicket, { text: 'Oi', visibleTo: [c.ids.customer] }))
        .statusCode,
    ).toBe(201);
  });

  it('offers as participants the accounts the author may address and who read the record', async () => {
    const res = await c.t.app.inject(
      as(c.tokens.agent1, { method: 'GET', url: `${messagesUrl(c.acmeTicket)}/participants` }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ accountId: c.ids.agent2, name: 'Bruno' }]);
    const customer = await c.t.app.inject(
      as(c.tokens.customer, { method: 'GET', url: `${messagesUrl(c.acmeTicket)}/participants` }),
    );
    expect(customer.json()).toEqual([{ accountId: c.ids.customer2, name: 'Clara' }]);
  });

  it('writes the message.created event (type 7) to the outbox in the message’s transaction', async () => {
    const talkId = await newTicket();
    const res = await post(c.t.app, c.tokens.agent1, talkId, { text: 'Evento', visibleTo: [c.ids.agent2] });
    const { messageId, conversationId } = res.json<{ messageId: number; conversationId: number }>();
    const event = await c.t.db.kysely
      .selectFrom('outbox_events')
      .selectAll()
      .where('message_id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      company_id: 1,
      kind: 'message.created',
      event_type: 7,
      subject_id: c.chamadoId,
      talk_id: talkId,
      talk_version: 1,
      account_id: c.ids.agent1,
      depth: 0,
      source: null,
      processed_at: null,
    });
    expect(JSON.parse(event.payload)).toEqual({
      subject: 'chamado',
      conversationId,
      messageId,
      text: 'Evento',
      authorId: c.ids.agent1,
      visibleTo: [c.ids.agent2],
    });

    // With the outbox unwritable, the message is not kept either: one transaction.
    const before = await countRows('talk_messages');
    await c.t.db.kysely.schema.alterTable('outbox_events').renameTo('outbox_events_off').execute();
    try {
      const failed = await post(c.t.app, c.tokens.agent1, talkId, { text: 'Sem evento' });
      expect(failed.statusCode).toBe(500);
      expectErrorAnswer(failed);
    } finally {
      await c.t.db.kysely.schema.alterTable('outbox_events_off').renameTo('outbox_events').execute();
    }
    expect(await countRows('talk_messages')).toBe(before);
    expect((await list(c.tokens.agent1, talkId)).itens.map((m) => m.text)).toEqual(['Evento']);
  });

  it('counts unread messages per account and marks them read', async () => {
    const talkId = await newTicket();
    expect(await unread(c.tokens.agent2, talkId)).toEqual({
      conversationId: null,
      unread: 0,
      lastMessageId: null,
    });
    await post(c.t.app, c.tokens.agent1, talkId, { text: 'Um' });
    const two = (await post(c.t.app, c.tokens.agent1, talkId, { text: 'Dois' })).json<{
      messageId: number;
    }>();
    const addressed = await post(c.t.app, c.tokens.admin, talkId, {
      text: 'Só para a Ana',
      visibleTo: [c.ids.agent1],
    });
    expect(addressed.statusCode).toBe(201);
    // Own messages are never unread; a message addressed to others is not counted.
    expect((await unread(c.tokens.agent1, talkId)).unread).toBe(1);
    expect(await unread(c.tokens.agent2, talkId)).toMatchObject({ unread: 2, lastMessageId: two.messageId });
    expect((await unread(c.tokens.admin, talkId)).unread).toBe(2);

    const marked = await markRead(c.tokens.agent2, talkId, { messageId: two.messageId - 1 });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<UnreadCount>().unread).toBe(1);
    // A marker beyond the newest message it sees stops there: later messages are still unread.
    expect(
      (await markRead(c.tokens.agent2, talkId, { messageId: 2_000_000 })).json<UnreadCount>().unread,
    ).toBe(0);
    // An older mark never moves the marker back.
    expect((await markRead(c.tokens.agent2, talkId, { messageId: 1 })).json<UnreadCount>().unread).toBe(0);
    await post(c.t.app, c.tokens.agent1, talkId, { text: 'Três' });
    expect((await unread(c.tokens.agent2, talkId)).unread).toBe(1);
    expect((await list(c.tokens.agent2, talkId)).lastReadMessageId).toBe(two.messageId);
    expect((await markRead(c.tokens.agent2, talkId)).json<UnreadCount>().unread).toBe(0);
  });

  it('counts unread messages of a page of records, leaving out those the account may not read', async () => {
    const quiet = await newTicket();
    const busy = await createTalk(c.t.app, c.tokens.admin, 'chamado', {
      titulo: 'Chamado do cliente',
      cliente: null,
    });
    await post(c.t.app, c.tokens.agent1, busy, { text: 'Um' });
    await post(c.t.app, c.tokens.agent1, busy, { text: 'Dois' });
    await post(c.t.app, c.tokens.agent2, busy, { text: 'Só para a Ana', visibleTo: [c.ids.agent1] });
    await post(c.t.app, c.tokens.agent1, c.globexTicket, { text: 'Globex' });
    const ask = (token: string, talkIds: number[]) =>
      c.t.app.inject(
        as(token, {
          method: 'POST',
          url: '/api/talk/messages/unread',
          payload: { subject: 'chamado', talkIds },
        }),
      );
    const agent2 = await ask(c.tokens.agent2, [busy, quiet, 999_999]);
    expect(agent2.statusCode, agent2.body).toBe(200);
    expect(agent2.json<{ itens: unknown[] }>().itens).toEqual([
      {
        talkId: busy,
        conversationId: expect.any(Number) as number,
        unread: 2,
        lastMessageId: expect.any(Number) as number,
      },
      { talkId: quiet, conversationId: null, unread: 0, lastMessageId: null },
    ]);
    expect(
      (await ask(c.tokens.agent1, [busy])).json<{ itens: { unread: number }[] }>().itens[0]?.unread,
    ).toBe(1);
    // The customer reads neither of these (another client's, no client): they are not in the answer.
    const customer = await ask(c.tokens.customer, [busy, c.globexTicket, c.acmeTicket]);
    expect(customer.json<{ itens: { talkId: number }[] }>().itens.map((i) => i.talkId)).toEqual([
      c.acmeTicket,
    ]);
    expect((await ask(c.tokens.finance, [busy])).statusCode).toBe(404);
    const tooMany = await ask(
      c.tokens.agent1,
      Array.from({ length: 201 }, (_, i) => i + 1),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('lets an automation post through the service, without a request', async () => {
    const talkId = await newTicket();
    const posted = await c.t.app.services.messages.postMessage({
      companyId: 1,
      subjectId: c.chamadoId,
      talkId,
      text: 'Seu chamado foi recebido.',
      visibleTo: null,
      author: { kind: 'automation', label: 'Boas-vindas', jobId: 12 },
      depth: 1,
    });
    const page = await list(c.tokens.agent1, talkId);
    expect(page.itens[0]).toMatchObject({
      messageId: posted.messageId,
      authorId: null,
      authorName: 'Boas-vindas',
      text: 'Seu chamado foi recebido.',
    });
    const event = await c.t.db.kysely
      .selectFrom('outbox_events')
      .select(['source', 'depth', 'account_id'])
      .where('message_id', '=', posted.messageId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ source: 'job:12', depth: 1, account_id: null });
    // Another company's record, or one that does not exist, is not found.
    await expect(
      c.t.app.services.messages.postMessage({
        companyId: 2,
        subjectId: c.chamadoId,
        talkId,
        text: 'x',
        author: { kind: 'automation' },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      c.t.app.services.messages.postMessage({
        companyId: 1,
        subjectId: c.chamadoId,
        talkId: 999_999,
        text: 'x',
        author: { kind: 'automation' },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await c.t.app.services.messages.conversationId(1, c.chamadoId, talkId)).toBe(
      posted.conversationId,
    );
  });

  it('removes a record’s conversation with the record', async () => {
    const talkId = await newTicket();
    await post(c.t.app, c.tokens.agent1, talkId, { text: 'Vai sumir', visibleTo: [c.ids.agent2] });
    await markRead(c.tokens.agent2, talkId);
    const res = await c.t.app.inject(
      as(c.tokens.admin, { method: 'DELETE', url: '/api/talk/chamado', payload: { talkIds: [talkId] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const table of ['talk_messages', 'talk_conversations', 'talk_message_reads'] as const) {
      const rows = await c.t.db.kysely
        .selectFrom(table)
        .select('talk_id')
        .where('talk_id', '=', talkId)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
