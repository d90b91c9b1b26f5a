import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagProgress, TalkTagPush } from '@talkbase/domain/contracts/tags';
import { as, testDatabaseUrl } from '../../test/harness.ts';
import {
  connect,
  createCast,
  listen,
  until,
  type Cast,
  type OpenSocket,
} from '../messages/messages-test-setup.ts';

let c: Cast;
let sockets: Record<'agent1' | 'customer' | 'finance' | 'other', OpenSocket>;
let tagId: number;
beforeAll(async () => {
  c = await createCast();
  const base = await listen(c.t.app);
  sockets = {
    agent1: await connect(base, c.tokens.agent1),
    customer: await connect(base, c.tokens.customer),
    finance: await connect(base, c.tokens.finance),
    other: await connect(base, c.tokens.other),
  };
  const res = await c.t.app.inject(
    as(c.tokens.admin, {
      method: 'POST',
      url: '/api/tag',
      payload: {
        tagName: 'Urgente',
        tagColor: '#e03131',
        tagFilters: [
          {
            filterName: 'Prioridade alta',
            filter: { attribute: 'prioridade', operator: 'greater_or_equal', value: 3 },
            subject: 'chamado',
          },
        ],
      },
    }),
  );
  tagId = res.json<{ tagId: number }>().tagId;
  await c.t.app.services.tags.runner.idle();
}, 60_000);
afterAll(async () => {
  for (const s of Object.values(sockets)) s.ws.close();
  await c.t.close();
});

const pushes = (s: OpenSocket) =>
  s.messages.filter((m) => m.event === 'PublishTalkTag').map((m) => m.data as TalkTagPush);
const gotFor = (s: OpenSocket, talkId: number, gained: boolean) =>
  pushes(s).some((p) => p.talkId === talkId && (gained ? p.added : p.removed).includes(tagId));
const settle = () => new Promise((r) => setTimeout(r, 300));

const setPriority = (talkId: number, value: number) =>
  c.t.app.inject(
    as(c.tokens.agent1, {
      method: 'PUT',
      url: `/api/talk/chamado/${talkId}`,
      payload: { talkValues: [{ subjectAttributeIdentifier: 'prioridade', value }] },
    }),
  );

describe('PublishTalkTag', () => {
  it('tells the record’s readers when it gains or loses a tag, and no one else', async () => {
    expect((await setPriority(c.acmeTicket, 5)).statusCode).toBe(200);
    await until(
      () => gotFor(sockets.agent1, c.acmeTicket, true) && gotFor(sockets.customer, c.acmeTicket, true),
    );
    expect(pushes(sockets.customer).find((p) => p.talkId === c.acmeTicket)).toEqual({
      talkId: c.acmeTicket,
      subject: 'chamado',
      tags: [{ tagId, tagName: 'Urgente', tagColor: '#e03131' }],
      added: [tagId],
      removed: [],
    });

    // Another client's ticket: the attendants hear, the ACME customer does not.
    expect((await setPriority(c.globexTicket, 4)).statusCode).toBe(200);
    await until(() => gotFor(sockets.agent1, c.globexTicket, true));

    expect((await setPriority(c.acmeTicket, 1)).statusCode).toBe(200);
    await until(() => gotFor(sockets.customer, c.acmeTicket, false));
    expect(pushes(sockets.customer).at(-1)).toMatchObject({
      talkId: c.acmeTicket,
      tags: [],
      removed: [tagId],
    });

    await settle();
    expect(pushes(sockets.customer).some((p) => p.talkId === c.globexTicket)).toBe(false);
    expect(pushes(sockets.finance)).toEqual([]);
    expect(pushes(sockets.other)).toEqual([]);
  });

  it('a record edited without a change to its tags is not pushed', async () => {
    const before = pushes(sockets.agent1).length;
    expect((await setPriority(c.globexTicket, 5)).statusCode).toBe(200);
    await settle();
    expect(pushes(sockets.agent1)).toHaveLength(before);
  });

  it('a background re-tagging pushes the records that changed to their readers', async () => {
    const put = await c.t.app.inject(
      as(c.tokens.admin, {
        method: 'PUT',
        url: `/api/tag/${tagId}`,
        payload: {
          tagName: 'Urgente',
          tagColor: '#e03131',
          tagFilters: [
            {
              filterName: 'Prioridade baixa',
              filter: { attribute: 'prioridade', operator: 'less', value: 3 },
              subject: 'chamado',
            },
          ],
        },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    await until(
      () => gotFor(sockets.customer, c.acmeTicket, true) && gotFor(sockets.agent1, c.globexTicket, false),
    );
    const progress = await c.t.app.inject(
      as(c.tokens.admin, { method: 'GET', url: `/api/tag/${tagId}/progress` }),
    );
    expect(progress.json<TagProgress>()).toMatchObject({ state: 'done' });
    await settle();
    expect(pushes(sockets.customer).some((p) => p.talkId === c.globexTicket)).toBe(false);
    expect(pushes(sockets.finance)).toEqual([]);
  });
  it.runIf(testDatabaseUrl)('reaches the readers held by another instance, and only them', async () => {
    const other = await c.t.sibling();
    const otherBase = await listen(other);
    const customer = await connect(otherBase, c.tokens.customer);
    const finance = await connect(otherBase, c.tokens.finance);
    try {
      // The tag now takes priorities below 3: the ACME ticket (priority 1) has it; 7 takes it away.
      expect((await setPriority(c.acmeTicket, 7)).statusCode).toBe(200);
      await until(() => gotFor(customer, c.acmeTicket, false));
      await settle();
      expect(pushes(finance)).toEqual([]);
    } finally {
      customer.ws.close();
      finance.ws.close();
    }
  });
});
