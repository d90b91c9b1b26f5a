import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePush } from '@talkbase/domain/contracts/messages';
import { testDatabaseUrl } from '../../test/harness.ts';
import {
  connect,
  createCast,
  listen,
  post,
  until,
  type Cast,
  type OpenSocket,
} from './messages-test-setup.ts';

let c: Cast;
let base: string;
let sockets: Record<'agent1' | 'agent2' | 'customer' | 'customer2' | 'finance' | 'other', OpenSocket>;
beforeAll(async () => {
  c = await createCast();
  base = await listen(c.t.app);
  sockets = {
    agent1: await connect(base, c.tokens.agent1),
    agent2: await connect(base, c.tokens.agent2),
    customer: await connect(base, c.tokens.customer),
    customer2: await connect(base, c.tokens.customer2),
    finance: await connect(base, c.tokens.finance),
    other: await connect(base, c.tokens.other),
  };
}, 60_000);
afterAll(async () => {
  for (const s of Object.values(sockets)) s.ws.close();
  await c.t.close();
});

const pushes = (s: OpenSocket) =>
  s.messages.filter((m) => m.event === 'SendTalkMessage').map((m) => m.data as MessagePush);
const got = (s: OpenSocket, messageId: number) => pushes(s).some((p) => p.messageId === messageId);
/** Long enough for a push that was going to arrive to have arrived (the positive ones came first). */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('live delivery of messages', () => {
  it('pushes a message to the sockets of every account that reads the record, and to no other', async () => {
    const res = await post(c.t.app, c.tokens.customer, c.acmeTicket, { text: 'Está parada de novo' });
    const { messageId } = res.json<{ messageId: number }>();
    await until(() =>
      ['agent1', 'agent2', 'customer', 'customer2'].every((k) => got(sockets[k as 'agent1'], messageId)),
    );
    await settle();
    expect(got(sockets.finance, messageId)).toBe(false);
    expect(got(sockets.other, messageId)).toBe(false);
    const push = pushes(sockets.agent1).find((p) => p.messageId === messageId);
    expect(push).toMatchObject({
      subject: 'chamado',
      subjectId: c.chamadoId,
      talkId: c.acmeTicket,
      message: {
        text: 'Está parada de novo',
        authorId: c.ids.customer,
        authorName: 'Carlos',
        visibleTo: null,
      },
    });
  });

  it('does not push another client’s ticket to the customer', async () => {
    const res = await post(c.t.app, c.tokens.agent1, c.globexTicket, { text: 'Globex, tudo certo?' });
    const { messageId } = res.json<{ messageId: number }>();
    await until(() => got(sockets.agent2, messageId));
    await settle();
    expect(got(sockets.customer, messageId)).toBe(false);
    expect(got(sockets.customer2, messageId)).toBe(false);
  });

  it('pushes an addressed message to its recipients and its author only', async () => {
    const res = await post(c.t.app, c.tokens.agent1, c.acmeTicket, {
      text: 'Cliente irritado',
      visibleTo: [c.ids.agent2],
    });
    const { messageId } = res.json<{ messageId: number }>();
    await until(() => got(sockets.agent2, messageId) && got(sockets.agent1, messageId));
    await settle();
    expect(got(sockets.customer, messageId)).toBe(false);
    expect(got(sockets.customer2, messageId)).toBe(false);
    expect(pushes(sockets.agent2).find((p) => p.messageId === messageId)?.message?.visibleTo).toEqual([
      { accountId: c.ids.agent2, name: 'Bruno' },
    ]);
  });

  it('announces a message too large for a push without its text', async () => {
    const res = await post(c.t.app, c.tokens.agent1, c.acmeTicket, { text: 'ç'.repeat(4000) });
    const { messageId } = res.json<{ messageId: number }>();
    await until(() => got(sockets.customer, messageId));
    expect(pushes(sockets.customer).find((p) => p.messageId === messageId)).toMatchObject({
      talkId: c.acmeTicket,
      message: null,
    });
  });

  it.runIf(testDatabaseUrl)('reaches the readers held by another instance, and only them', async () => {
    const other = await c.t.sibling();
    const otherBase = await listen(other);
    const customer = await connect(otherBase, c.tokens.customer);
    const finance = await connect(otherBase, c.tokens.finance);
    try {
      const res = await post(c.t.app, c.tokens.agent1, c.acmeTicket, { text: 'De outra instância' });
      const { messageId } = res.json<{ messageId: number }>();
      await until(() => got(customer, messageId));
      await settle();
      expect(got(finance, messageId)).toBe(false);
    } finally {
      customer.ws.close();
      finance.ws.close();
    }
  });
});
