import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { ROTATION_GRACE_MS } from './auth.service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { token } });
const renewed = async (token: string): Promise<string> => {
  const res = await refresh(token);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ authorized: boolean; token: string }>();
  expect(body.authorized).toBe(true);
  return body.token;
};
/** A protected call: 200 while the token is honoured. */
const works = async (token: string) =>
  (await t.app.inject(as(token, { method: 'GET', url: '/api/context/subjects' }))).statusCode === 200;
/** The grace window of the last rotation, passed (as if the clock had moved on). */
const endGrace = () =>
  t.db.kysely
    .updateTable('sessions')
    .set((eb) => ({ rotated_at: eb('rotated_at', '-', ROTATION_GRACE_MS + 1000) }))
    .execute();

describe('refresh rotation (security probe: a token refreshed forever and kept working)', () => {
  it('refreshes a token once: the successor works, the replaced token stops after the grace window', async () => {
    const first = (await login(t.app)).token;
    const second = await renewed(first);
    expect(await works(second)).toBe(true);
    // Requests already in flight with the replaced token still pass for a moment.
    expect(await works(first)).toBe(true);
    await endGrace();
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
  });

  it('gives two tabs renewing the same token together a working successor each, and keeps the session', async () => {
    const first = (await login(t.app)).token;
    const answers = await Promise.all([refresh(first), refresh(first)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const a of answers) expect(await works(a.json<{ token: string }>().token)).toBe(true);
  });

  it('ends the session when a token older than the last one replaced is presented again', async () => {
    const first = (await login(t.app)).token;
    const second = await renewed(first);
    const third = await renewed(second);
    expect(await works(third)).toBe(true);

    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    // The whole session is over: the legitimate holder signs in again.
    expect(await works(third)).toBe(false);
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('ends the session when a replaced token is refreshed after the grace window', async () => {
    const first = (await login(t.app)).token;
    const second = await renewed(first);
    await endGrace();
    expect((await refresh(first)).statusCode).toBe(401);
    expect(await works(second)).toBe(false);
  });

  it('keeps sessions apart: rotating one leaves another session of the account alone', async () => {
    const mine = (await login(t.app)).token;
    const other = (await login(t.app)).token;
    await renewed(await renewed(mine));
    await endGrace();
    expect(await works(other)).toBe(true);
    expect(await works(await renewed(other))).toBe(true);
  });
});
