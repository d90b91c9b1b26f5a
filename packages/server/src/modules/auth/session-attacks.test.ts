import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  as,
  createPerson,
  createTestApp,
  login,
  type TestApp,
} from '../../test/harness.ts';
import { passcodeIn, readOutbox } from '../../test/mail.ts';

/**
 * Issue 19 item 6, sessions and brute force — what auth.test.ts, refresh-rotation.test.ts,
 * login-throttle.test.ts and scale/two-instances.test.ts do not already cover:
 * - an access token is refused on ordinary calls after logout and after a password change, on the
 *   instance that ended the session and on a sibling instance of the same database;
 * - CORS: no foreign origin is ever allowed (preflight or simple request);
 * - the sign-in and passcode limits hold across double slashes and query strings in the path.
 */

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const PROTECTED: InjectOptions = { method: 'GET', url: '/api/subject' };

/** Waits (at most 2 s, the design's bound) until a call with the token answers 401 on `app`. */
async function refusedWithin2s(app: FastifyInstance, token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await app.inject(as(token, PROTECTED));
    if (res.statusCode === 401) return Date.now() - started;
    if (Date.now() - started > 2_000) throw new Error(`still ${res.statusCode} after 2 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('access tokens of an ended session', () => {
  it('are refused after logout, on this instance and on a sibling', async () => {
    t = await createTestApp();
    const other = await t.sibling();
    const { token } = await login(t.app);
    // Both instances accept the token first (the sibling has it in its session cache now).
    expect((await t.app.inject(as(token, PROTECTED))).statusCode).toBe(200);
    expect((await other.inject(as(token, PROTECTED))).statusCode).toBe(200);

    const logout = await t.app.inject(as(token, { method: 'POST', url: '/api/account/logout' }));
    expect(logout.statusCode).toBe(204);
    expect((await t.app.inject(as(token, PROTECTED))).statusCode).toBe(401);
    expect(await refusedWithin2s(other, token)).toBeLessThanOrEqual(2_000);
    // And it cannot be turned into a new one.
    const refresh = await other.inject({ method: 'POST', url: '/api/account/refresh', payload: { token } });
    expect(refresh.statusCode).toBe(401);
  });

  it('are refused after a password change for every other session, on this instance and on a sibling', async () => {
    t = await createTestApp();
    const other = await t.sibling();
    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token, { roomId: 1 });
    const here = await login(t.app, person.email, person.password);
    const elsewhere = await login(other, person.email, person.password);
    expect((await other.inject(as(elsewhere.token, PROTECTED))).statusCode).toBe(200);
    expect((await t.app.inject(as(elsewhere.token, PROTECTED))).statusCode).toBe(200);

    const changed = await t.app.inject(
      as(here.token, {
        method: 'PUT',
        url: `/api/account/${here.accountId}`,
        payload: { currentPassword: person.password, newPassword: 'Outra-Senha-Bem-Forte-7' },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject(as(elsewhere.token, PROTECTED))).statusCode).toBe(401);
    expect(await refusedWithin2s(other, elsewhere.token)).toBeLessThanOrEqual(2_000);
    // The session that made the change goes on.
    expect((await t.app.inject(as(here.token, PROTECTED))).statusCode).toBe(200);
    expect((await other.inject(as(here.token, PROTECTED))).statusCode).toBe(200);
  });
});

describe('CORS', () => {
  const foreign = ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://127.0.0.1:1'];

  it('allows no foreign origin, in a preflight or a simple request', async () => {
    t = await createTestApp();
    const { token } = await login(t.app);
    for (const origin of foreign) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/account/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(preflight.statusCode, origin).toBeLessThan(500);
      expect(preflight.statusCode, origin).not.toBe(204);
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials'], origin).toBeUndefined();

      const simple = await t.app.inject(as(token, { ...PROTECTED, headers: { origin } }));
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(simple.headers['access-control-allow-credentials'], origin).toBeUndefined();
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { origin },
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(signIn.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});

/** The path spellings an attacker tries to get a fresh limit key; answers of each are recorded. */
const VARIANTS = [
  '/api/account/login',
  '/API/Account/Login',
  '/api/account/login/',
  '//api/account/login',
  '/api//account/login',
  '/api/account//login',
  '/api/account/login?x=1',
  '/api/account/login/?a=b&c',
  '/Api/Account/Login//',
];

describe('sign-in limits across path variants', () => {
  it('count every variant that reaches the sign-in against the same account; none escapes the limit', async () => {
    t = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const reached: string[] = [];
    for (const url of VARIANTS) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: ADMIN_EMAIL, password: 'wrong-password' },
      });
      // A variant is either not routed at all (404: no sign-in there) or counted (401, then 429).
      expect([401, 404, 429], url).toContain(res.statusCode);
      if (res.statusCode !== 404) reached.push(url);
    }
    console.log(`sign-in variants routed: ${reached.join(' ')}`);
    // Case, trailing slash and query string reach the sign-in (paths are matched case-insensitively).
    expect(reached).toEqual(
      expect.arrayContaining(['/API/Account/Login', '/api/account/login/', '/api/account/login?x=1']),
    );
    expect(reached.length).toBeGreaterThan(3);
    // The limit (3) was passed through the variants together: the right password is refused on each.
    for (const url of reached) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(res.statusCode, url).toBe(429);
    }
  });
});

describe('passcode limits across path variants', () => {
  it('burn the code after 5 wrong tries spread over path variants', async () => {
    t = await createTestApp();
    await t.db.kysely.updateTable('companies').set({ two_factor_required: 1 }).execute();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(first.json()).toEqual({ passcodeRequired: true });
    const code = passcodeIn((await readOutbox(t.dataDir)).at(-1));
    const wrong = code === '000000' ? '111111' : '000000';
    const variants = [
      '/API/Account/VerifyPasscode',
      '/api/account/verifypasscode/',
      '/api/account/verifypasscode?retry=1',
      '//api/account/verifypasscode',
      '/api//account/verifypasscode',
      '/Api/Account/VerifyPasscode/?x',
      '/api/account//verifypasscode',
    ];
    let counted = 0;
    for (const url of variants) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: ADMIN_EMAIL, passcode: wrong },
      });
      expect([401, 404, 429], url).toContain(res.statusCode);
      if (res.statusCode !== 404) counted++;
    }
    console.log(`passcode variants counted: ${counted} of ${variants.length}`);
    expect(counted).toBeGreaterThanOrEqual(5);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(right.statusCode).toBe(401);
  });
});
