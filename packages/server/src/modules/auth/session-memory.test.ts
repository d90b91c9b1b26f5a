import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

/**
 * The server keeps the sessions it has checked in memory and reads only its company's versions on
 * each request (0021, auth.service.ts). Whatever ends or changes a session — through this
 * instance, another one, or SQL run by hand — must still apply on the very next request.
 */
let t: TestApp;
let other: FastifyInstance;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  other = await t.sibling();
  admin = (await login(t.app)).token;
});
afterEach(async () => {
  await t.close();
});

/** A call any signed-in account may make, answering 200 while its session lives. */
const call = (app: FastifyInstance, token: string) =>
  app.inject(as(token, { method: 'GET', url: '/api/account/preferences' }));

async function signedInPerson(roomId?: number) {
  const person = await createPerson(t.app, admin, roomId === undefined ? {} : { roomId });
  const { token } = await login(t.app, person.email, person.password);
  // Read once on each instance: both now hold the session in memory.
  expect((await call(t.app, token)).statusCode).toBe(200);
  expect((await call(other, token)).statusCode).toBe(200);
  return { ...person, token };
}

describe('sessions kept in memory', () => {
  it('refuses a session on the next request once another instance signs it out', async () => {
    const person = await signedInPerson();
    const logout = await other.inject(as(person.token, { method: 'POST', url: '/api/account/logout' }));
    expect(logout.statusCode).toBeLessThan(300);
    expect((await call(t.app, person.token)).statusCode).toBe(401);
    // The administrator's own session, in memory too, is read again and still lives.
    expect((await call(t.app, admin)).statusCode).toBe(200);
  });

  it('refuses a session revoked, or an account deactivated, by SQL run by hand', async () => {
    const revoked = await signedInPerson();
    const deactivated = await signedInPerson();
    await t.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('account_id', '=', revoked.accountId)
      .execute();
    expect((await call(t.app, revoked.token)).statusCode).toBe(401);
    expect((await call(t.app, deactivated.token)).statusCode).toBe(200);

    await t.db.kysely
      .updateTable('accounts')
      .set({ is_active: 0 })
      .where('id', '=', deactivated.accountId)
      .execute();
    expect((await call(t.app, deactivated.token)).statusCode).toBe(401);
    expect((await call(other, deactivated.token)).statusCode).toBe(401);
  });

  it('refuses a session whose expiry passed while it was in memory', async () => {
    const person = await signedInPerson();
    // Moving the expiry moves the version too; the session is read again with its new expiry…
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 300 })
      .where('account_id', '=', person.accountId)
      .execute();
    expect((await call(t.app, person.token)).statusCode).toBe(200);
    // …and, with nothing else moving, judged against it from memory once it has passed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await call(t.app, person.token)).statusCode).toBe(401);
  });

  it('answers with the access profile the account is moved to, on the next request', async () => {
    const person = await signedInPerson();
    // An ordinary person may not list the access profiles; made an administrator (by hand), the
    // very next request may.
    expect((await t.app.inject(as(person.token, { method: 'GET', url: '/api/room' }))).statusCode).toBe(403);
    await t.db.kysely
      .updateTable('accounts')
      .set({ is_admin: 1 })
      .where('id', '=', person.accountId)
      .execute();
    expect((await t.app.inject(as(person.token, { method: 'GET', url: '/api/room' }))).statusCode).toBe(200);
  });
});

/**
 * A record read takes a session this instance has read before as it remembers it, and confirms it
 * with the company's versions read in the record's own statement (http/session-confirmation.ts):
 * every change above must still count on the very next read, whether the record exists or not.
 */
describe('a record read confirms the session it remembers', () => {
  const read = (app: FastifyInstance, token: string, id: number) =>
    app.inject(as(token, { method: 'GET', url: `/api/talk/chamado/${id}` }));

  /** A room that reads `chamado`. */
  async function readingRoom(): Promise<number> {
    const subject = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<{
      subjectId: number;
    }>();
    const room = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: {
          roomName: `Leitura ${Math.random()}`,
          permissions: { subjects: [{ resourceId: subject.subjectId, actions: ['read'] }] },
        },
      }),
    );
    return room.json<{ roomId: number }>().roomId;
  }

  /** A person in a room that reads `chamado`, whose session both instances have read a record with. */
  async function reader(record: number) {
    const roomId = await readingRoom();
    const person = await signedInPerson(roomId);
    expect((await read(t.app, person.token, record)).statusCode).toBe(200);
    expect((await read(other, person.token, record)).statusCode).toBe(200);
    return { ...person, roomId };
  }

  let one: number;
  let two: number;
  beforeEach(async () => {
    await createCrm(t.app, admin);
    one = await createTalk(t.app, admin, 'chamado', { titulo: 'Um' });
    two = await createTalk(t.app, admin, 'chamado', { titulo: 'Dois' });
  });

  it('refuses a remembered session signed out through another instance, for a record or none', async () => {
    const person = await reader(one);
    expect((await read(t.app, admin, one)).statusCode).toBe(200);
    const logout = await other.inject(as(person.token, { method: 'POST', url: '/api/account/logout' }));
    expect(logout.statusCode).toBeLessThan(300);
    expect((await read(t.app, person.token, one)).statusCode).toBe(401);
    expect((await read(t.app, person.token, 999_999)).statusCode).toBe(401);
    // The administrator's remembered session is confirmed again and reads on.
    const still = await read(t.app, admin, one);
    expect(still.statusCode).toBe(200);
    expect(still.json<{ talkId: number }>().talkId).toBe(one);
  });

  it('refuses a session revoked, or an account deactivated, by SQL run by hand', async () => {
    const revoked = await reader(one);
    const deactivated = await reader(one);
    await t.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('account_id', '=', revoked.accountId)
      .execute();
    expect((await read(t.app, revoked.token, one)).statusCode).toBe(401);
    expect((await read(t.app, deactivated.token, one)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('accounts')
      .set({ is_active: 0 })
      .where('id', '=', deactivated.accountId)
      .execute();
    expect((await read(other, deactivated.token, one)).statusCode).toBe(401);
  });

  it("reads with the room and the account's limits as changed elsewhere, on the very next read", async () => {
    const person = await reader(one);
    // The records shared with the account, written by hand: the other record is gone for it.
    await t.db.kysely
      .updateTable('accounts')
      .set({
        shared_talks: JSON.stringify([{ subjectIdentifier: 'chamado', name: 'Um', talks: [{ id: two }] }]),
      })
      .where('id', '=', person.accountId)
      .execute();
    expect((await read(t.app, person.token, one)).statusCode).toBe(404);
    expect((await read(t.app, person.token, two)).statusCode).toBe(200);

    // The room no longer reads the subject, changed through the other instance.
    const changed = await other.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${person.roomId}`,
        payload: { roomName: 'Leitura', permissions: { subjects: [] } },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await read(t.app, person.token, two)).statusCode).toBe(404);
  });

  it('refuses a remembered session whose expiry passed, with nothing moving', async () => {
    const person = await reader(one);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 300 })
      .where('account_id', '=', person.accountId)
      .execute();
    expect((await read(t.app, person.token, one)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await read(t.app, person.token, one)).statusCode).toBe(401);
  });

  it('reads the session first where this instance has not read it yet', async () => {
    const person = await createPerson(t.app, admin, { roomId: await readingRoom() });
    const { token } = await login(t.app, person.email, person.password);
    expect((await read(other, token, one)).statusCode).toBe(200);
    const another = await login(t.app, person.email, person.password);
    await t.app.inject(as(another.token, { method: 'POST', url: '/api/account/logout' }));
    expect((await read(other, another.token, one)).statusCode).toBe(401);
    expect((await read(other, token, 999_999)).statusCode).toBe(404);
  });
});
