import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  as,
  createPerson,
  createTestApp,
  errorsOf,
  login,
  type TestApp,
} from '../../test/harness.ts';
import { passcodeIn, readOutbox } from '../../test/mail.ts';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const loginReq = (payload: unknown, url = '/api/account/login') => ({
  method: 'POST' as const,
  url,
  payload: payload as object,
});

/** The 6-digit code from the newest message in the local outbox (no SMTP_URL set). */
async function lastPasscodeFromOutbox(dataDir: string): Promise<string> {
  const mails = await readOutbox(dataDir);
  expect(mails.at(-1)?.to).toEqual([ADMIN_EMAIL]);
  expect(mails.at(-1)?.subject).toBe('Seu código de verificação do Talkbase');
  return passcodeIn(mails.at(-1));
}

describe('sign-in', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('signs the administrator in and answers the user of the spec', async () => {
    const res = await t.app.inject(
      loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, keepConnected: true }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toEqual({
      accountId: 1,
      name: 'Administrador Talkbase',
      email: ADMIN_EMAIL,
      phoneNumber: null,
      image: null,
      roomId: 1,
      customer: false,
      isAdmin: true,
      keepConnected: true,
    });
  });

  it('matches the e-mail whatever its case', async () => {
    const res = await t.app.inject(loginReq({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD }));
    expect(res.statusCode).toBe(200);
  });

  it('answers one 401 message that does not tell which part was wrong', async () => {
    const wrongPassword = await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: 'nope-nope-nope' }));
    const unknownEmail = await t.app.inject(
      loginReq({ email: 'ninguem@talkbase.test', password: ADMIN_PASSWORD }),
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(errorsOf(wrongPassword)).toEqual([{ message: 'Usuário ou senha inválidos.' }]);
    expect(errorsOf(unknownEmail)).toEqual(errorsOf(wrongPassword));
  });

  it('marks a customer (room 1196) as such', async () => {
    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token);
    const res = await t.app.inject(loginReq({ email: person.email, password: person.password }));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      customer: true,
      isAdmin: false,
      roomId: 1196,
    });
  });

  it('signs an integration account in with its hash and password, and only that way', async () => {
    const admin = await login(t.app);
    const created = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1, appName: 'ERP', displayName: 'ERP da empresa' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const { hash, password } = created.json<{ hash: string; password: string }>();
    expect(hash).toMatch(/^[0-9a-f]{48}$/);

    const ok = await t.app.inject(loginReq({ hash, password }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ user: { name: string } }>().user.name).toBe('ERP');

    const wrong = await t.app.inject(loginReq({ hash, password: `${password}x` }));
    expect(wrong.statusCode).toBe(401);
    // The same app name cannot be registered twice.
    const again = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1, appName: 'ERP', displayName: 'Outro' },
      }),
    );
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)[0]?.message).toBe('Nome do Aplicativo já cadastrado');
  });

  it('refreshes a token, and refuses after logout', async () => {
    const { token } = await login(t.app);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/account/refresh', payload: { token } });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json<{ authorized: boolean; token: string }>();
    expect(body.authorized).toBe(true);
    // The new token works on a protected call.
    const logout = await t.app.inject(as(body.token, { method: 'POST', url: '/api/account/logout' }));
    expect(logout.statusCode).toBe(204);

    const afterLogout = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token },
    });
    expect(afterLogout.statusCode).toBe(401);
    const useOld = await t.app.inject(as(token, { method: 'POST', url: '/api/account/logout' }));
    expect(useOld.statusCode).toBe(401);
  });

  it('refuses an expired token on calls but renews it while the session lives', async () => {
    const { token } = await login(t.app);
    const { payload } = decode(token);
    const secret = await t.db.kysely
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'token')
      .executeTakeFirstOrThrow();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: payload.sid, cid: payload.cid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuedAt(nowSeconds - 3600)
      .setExpirationTime(nowSeconds - 60)
      .sign(new TextEncoder().encode(secret.value));

    const call = await t.app.inject(as(expired, { method: 'POST', url: '/api/account/logout' }));
    expect(call.statusCode).toBe(401);
    expect(errorsOf(call)[0]?.message).toBe(
      'Sessão expirada ou inválida. Por favor, realize o login novamente.',
    );

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: expired },
    });
    expect(renewed.statusCode).toBe(200);
  });

  it('refuses a token with a forged signature', async () => {
    const { token } = await login(t.app);
    const [h, p] = token.split('.');
    const forged = `${h ?? ''}.${p ?? ''}.${Buffer.from('forged').toString('base64url')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: forged },
    });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the other sessions when the password changes', async () => {
    const here = await login(t.app);
    const elsewhere = await login(t.app);
    const wrongCurrent = await t.app.inject(
      as(here.token, {
        method: 'PUT',
        url: `/api/account/${here.accountId}`,
        payload: { currentPassword: 'not-my-password', newPassword: 'Nova-Senha-Bem-Forte-9' },
      }),
    );
    expect(wrongCurrent.statusCode).toBe(409);
    expect(errorsOf(wrongCurrent)[0]?.message).toBe('Senha inválida');

    const changed = await t.app.inject(
      as(here.token, {
        method: 'PUT',
        url: `/api/account/${here.accountId}`,
        payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Nova-Senha-Bem-Forte-9' },
      }),
    );
    expect(changed.statusCode).toBe(200);

    const refreshHere = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: here.token },
    });
    expect(refreshHere.statusCode).toBe(200);
    const refreshElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: elsewhere.token },
    });
    expect(refreshElsewhere.statusCode).toBe(401);

    expect((await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }))).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: 'Nova-Senha-Bem-Forte-9' }))).statusCode,
    ).toBe(200);
  });

  it('does not let an account change another account’s password', async () => {
    const admin = await login(t.app);
    const person = await createPerson(t.app, admin.token);
    const res = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${person.accountId}`,
        payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Nova-Senha-Bem-Forte-9' },
      }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('two-step verification', () => {
  beforeEach(async () => {
    t = await createTestApp();
    await t.db.kysely.updateTable('companies').set({ two_factor_required: 1 }).execute();
  });

  it('e-mails a code that signs in once', async () => {
    const first = await t.app.inject(
      loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, keepConnected: true }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ passcodeRequired: true });
    const code = await lastPasscodeFromOutbox(t.dataDir);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(verify.statusCode).toBe(200);
    const body = verify.json<{ token: string; user: { keepConnected: boolean } }>();
    expect(body.token).toBeTruthy();
    expect(body.user.keepConnected).toBe(true);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(reused.statusCode).toBe(401);
    expect(errorsOf(reused)[0]?.message).toBe('Código de verificação inválido ou expirado.');
  });

  it('refuses a wrong code, and burns the code after 5 wrong tries', async () => {
    await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    const code = await lastPasscodeFromOutbox(t.dataDir);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/verifypasscode',
        payload: { email: ADMIN_EMAIL, passcode: wrong },
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(right.statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    const code = await lastPasscodeFromOutbox(t.dataDir);
    // Ten minutes and one second later.
    await t.db.kysely
      .updateTable('passcodes')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: code },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a malformed code with a field message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/verifypasscode',
      payload: { email: ADMIN_EMAIL, passcode: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ message: 'O código deve ter 6 dígitos', field: 'passcode' }]);
  });
});

describe('rate limits', () => {
  beforeEach(async () => {
    t = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_ADDRESS: '6' });
  });

  it('answers 429 after too many attempts on one account, whatever the path spelling', async () => {
    const urls = ['/api/account/login', '/API/Account/Login/', '/api/ACCOUNT/login'];
    for (const url of urls) {
      const res = await t.app.inject(loginReq({ email: ADMIN_EMAIL, password: 'wrong-password' }, url));
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject(
      loginReq({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '/Api/Account/Login'),
    );
    expect(limited.statusCode).toBe(429);
    expect(errorsOf(limited)[0]?.message).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one address across accounts', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject(loginReq({ email: `x${i}@talkbase.test`, password: 'wrong-password' }));
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject(loginReq({ email: 'y@talkbase.test', password: 'wrong-password' }));
    expect(limited.statusCode).toBe(429);
  });
});

function decode(token: string): { payload: { sid: string; cid: number; sub: string } } {
  const part = token.split('.')[1] ?? '';
  return {
    payload: JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as {
      sid: string;
      cid: number;
      sub: string;
    },
  };
}
