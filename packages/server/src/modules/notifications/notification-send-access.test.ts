import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage, NotificationDetail } from '@talkbase/domain/contracts/notifications';
import { createIntegration, createRoom } from '../../test/actors.ts';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

/**
 * POST /api/notification/{id}/send names a record: the caller must be able to read it, and one it
 * may not read answers exactly as one that does not exist (GUIDE: what an account may not read
 * does not exist for it, not even in an error).
 */

let t: TestApp;
let admin: { token: string; accountId: number };
let acmeTicket: number;
let globexTicket: number;
let notificationId: number;
let noRead: string;
let delimited: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await createCrm(t.app, admin.token);
  const acme = await createTalk(t.app, admin.token, 'cliente', { nome: 'ACME' });
  const globex = await createTalk(t.app, admin.token, 'cliente', { nome: 'Globex' });
  acmeTicket = await createTalk(t.app, admin.token, 'chamado', { titulo: 'Da ACME', cliente: acme });
  globexTicket = await createTalk(t.app, admin.token, 'chamado', { titulo: 'Da Globex', cliente: globex });
  const chamado = await subjectIds(t.app, admin.token, 'chamado');
  const cliente = await subjectIds(t.app, admin.token, 'cliente');
  const noReadRoom = await createRoom(t.app, admin.token, {
    roomName: 'Só clientes',
    permissions: { subjects: [{ resourceId: cliente.id, actions: ['read'] }] },
  } as never);
  const delimitedRoom = await createRoom(t.app, admin.token, {
    roomName: 'Chamados da ACME',
    permissions: {
      subjects: [
        {
          resourceId: chamado.id,
          actions: ['read'],
          filter: { attribute: 'cliente', operator: 'equal', value: acme },
        },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  } as never);
  noRead = (await createIntegration(t.app, admin.token, noReadRoom)).token;
  delimited = (await createIntegration(t.app, admin.token, delimitedRoom)).token;
  const created = await t.app.inject(
    as(admin.token, {
      method: 'POST',
      url: '/api/notification',
      payload: {
        notificationName: 'Chamado atualizado',
        subjectId: chamado.id,
        titleTemplate: 'Chamado ${titulo}',
        messageTemplate: 'Veja o chamado',
        attachReferences: true,
        notificationChannels: [{ channelId: 1 }],
      },
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  notificationId = created.json<NotificationDetail>().notificationId;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const send = (token: string, talkId: number) =>
  t.app.inject(
    as(token, {
      method: 'POST',
      url: `/api/notification/${notificationId}/send`,
      payload: { accountIds: [admin.accountId], talkId },
    }),
  );

async function inboxCount(): Promise<number> {
  const res = await t.app.inject(
    as(admin.token, { method: 'POST', url: '/api/notifications/list/', payload: {} }),
  );
  return res.json<InboxPage>().totalResults;
}

describe('sending a notification about a record', () => {
  it('answers a record the caller may not read as a missing one, and sends nothing', async () => {
    const before = await inboxCount();
    for (const [who, token, talkId] of [
      ['a room that does not read chamados', () => noRead, () => acmeTicket],
      ['a room delimited to the ACME chamados', () => delimited, () => globexTicket],
    ] as const) {
      const missing = await send(token(), 999_999);
      expect(missing.statusCode, who).toBe(422);
      expect(errorsOf(missing)).toEqual([{ message: 'Registro não encontrado.', field: 'talkId' }]);
      const unreadable = await send(token(), talkId());
      expect(unreadable.statusCode, who).toBe(422);
      expect(unreadable.body, who).toBe(missing.body);
    }
    expect(await inboxCount()).toBe(before);
  });

  it('sends about a record the caller may read', async () => {
    const before = await inboxCount();
    const inside = await send(delimited, acmeTicket);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({ recipients: 1, inApp: 1 });
    const byAdmin = await send(admin.token, globexTicket);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await inboxCount()).toBe(before + 2);
  });
});
