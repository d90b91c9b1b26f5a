import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';

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
