import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanySecurity, TwoStepState } from '@talkbase/domain/contracts/two-step';
import { createIntegration } from '../../test/actors.ts';
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
import { passcodeIn, readOutbox, type ReadMail } from '../../test/mail.ts';

let t: TestApp;
let admin: { token: string; accountId: number };

afterEach(async () => {
  await t.close();
});

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });
const verify = (email: string, passcode: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/verifypasscode', payload: { email, passcode } });
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(as(token, { method, url, ...(payload ? { payload } : {}) }));

async function lastMailTo(email: string): Promise<ReadMail> {
  const mail = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('two-step sign-in: the person switches it on and off (/api/account/twostep)', () => {
  beforeEach(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });

  it('is on only after the e-mailed code is entered; sign-in then asks for a code', async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);

    const before = await call(me.token, 'GET', '/api/account/twostep');
    expect(before.statusCode).toBe(200);
    expect(before.json<TwoStepState>()).toEqual({
      enabled: false,
      requiredByCompany: false,
      changedAt: null,
      email: p.email,
    });

    expect((await call(me.token, 'POST', '/api/account/twostep/start')).statusCode).toBe(204);
    const mail = await lastMailTo(p.email);
    expect(mail.subject).toBe('Confirme a verificação em duas etapas do Talkbase');
    const code = passcodeIn(mail);
    // Started is not on: sign-in still answers a token.
    expect((await signIn(p.email, p.password)).json()).toHaveProperty('token');

    const wrong = await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: other(code) });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual([
      { message: 'Código de verificação inválido ou expirado.', field: 'passcode' },
    ]);
    // The confirmation code does not open a session.
    expect((await verify(p.email, code)).statusCode).toBe(401);

    const ok = await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TwoStepState>()).toMatchObject({ enabled: true, requiredByCompany: false });
    expect(ok.json<TwoStepState>().changedAt).toBeGreaterThan(0);
    // Single use.
    const again = await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: code });
    expect(again.statusCode).toBe(422);

    const first = await signIn(p.email, p.password);
    expect(first.json()).toEqual({ passcodeRequired: true });
    const signInCode = passcodeIn(await lastMailTo(p.email));
    expect((await lastMailTo(p.email)).subject).toBe('Seu código de verificação do Talkbase');
    // A sign-in code does not confirm an enrolment either.
    expect(
      (await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: signInCode })).statusCode,
    ).toBe(422);
    const wrongIn = await verify(p.email, other(signInCode));
    expect(wrongIn.statusCode).toBe(401);
    expect(errorsOf(wrongIn)[0]?.message).toBe('Código de verificação inválido ou expirado.');
    const inside = await verify(p.email, signInCode);
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toHaveProperty('token');

    // Already on: no second enrolment.
    const twice = await call(me.token, 'POST', '/api/account/twostep/start');
    expect(twice.statusCode).toBe(422);
    expect(errorsOf(twice)[0]?.message).toBe('A verificação em duas etapas já está ligada.');
  });

  it('refuses an expired confirmation code', async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);
    await call(me.token, 'POST', '/api/account/twostep/start');
    const code = passcodeIn(await lastMailTo(p.email));
    await t.db.kysely
      .updateTable('passcodes')
      .set({ expires_at: Date.now() - 1000 })
      .execute();
    const res = await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: code });
    expect(res.statusCode).toBe(422);
  });

  it('switches off only with the current password, and tells the owner by e-mail', async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);
    await call(me.token, 'POST', '/api/account/twostep/start');
    await call(me.token, 'POST', '/api/account/twostep/confirm', {
      passcode: passcodeIn(await lastMailTo(p.email)),
    });

    const wrong = await call(me.token, 'POST', '/api/account/twostep/disable', {
      currentPassword: 'nao-e-a-senha',
    });
    expect(wrong.statusCode).toBe(409);
    expect(errorsOf(wrong)).toEqual([{ message: 'Senha inválida', field: 'currentPassword' }]);
    expect((await signIn(p.email, p.password)).json()).toEqual({ passcodeRequired: true });

    const off = await call(me.token, 'POST', '/api/account/twostep/disable', { currentPassword: p.password });
    expect(off.statusCode).toBe(200);
    expect(off.json<TwoStepState>().enabled).toBe(false);
    expect((await lastMailTo(p.email)).subject).toBe(
      'Verificação em duas etapas desligada na sua conta do Talkbase',
    );
    expect((await signIn(p.email, p.password)).json()).toHaveProperty('token');
  });

  it('is for people with an e-mail: an integration account is refused', async () => {
    const integration = await createIntegration(t.app, admin.token, 1196);
    const res = await call(integration.token, 'POST', '/api/account/twostep/start');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.message).toBe(
      'A verificação em duas etapas é para usuários: contas de integração entram com hash e senha.',
    );
  });
});

describe('two-step sign-in: limits', () => {
  beforeEach(async () => {
    t = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3' });
    admin = await login(t.app);
  });

  it('holds confirmation guesses and code e-mails to the sign-in limit per account', async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);
    await call(me.token, 'POST', '/api/account/twostep/start');
    const code = passcodeIn(await lastMailTo(p.email));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(me.token, 'POST', '/api/account/twostep/confirm', { passcode: other(code) })).statusCode,
      );
    expect(statuses).toEqual([422, 422, 422, 429]);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++)
      starts.push((await call(me.token, 'POST', '/api/account/twostep/start')).statusCode);
    // One start above: four in the window.
    expect(starts).toEqual([204, 204, 429]);
  });
});

describe('two-step sign-in: administrators (user form, company rule)', () => {
  beforeEach(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });

  it('an administrator switches it on for a person, who is told and then asked for the code', async () => {
    const p = await createPerson(t.app, admin.token);
    const on = await call(admin.token, 'PUT', `/api/account/${p.accountId}/twostep`, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<TwoStepState>()).toMatchObject({ enabled: true, email: p.email });
    expect((await lastMailTo(p.email)).subject).toBe(
      'Verificação em duas etapas ligada na sua conta do Talkbase',
    );
    expect((await signIn(p.email, p.password)).json()).toEqual({ passcodeRequired: true });
    const read = await call(admin.token, 'GET', `/api/account/${p.accountId}/twostep`);
    expect(read.json<TwoStepState>().enabled).toBe(true);

    const off = await call(admin.token, 'PUT', `/api/account/${p.accountId}/twostep`, { enabled: false });
    expect(off.json<TwoStepState>().enabled).toBe(false);
    expect((await signIn(p.email, p.password)).json()).toHaveProperty('token');
  });

  it('keeps the room-1 boundary, the own account and integration accounts out', async () => {
    const roomOnePerson = await createPerson(t.app, admin.token, { roomId: 1 });
    const customer = await createPerson(t.app, admin.token);
    const otherAdmin = await createPerson(t.app, admin.token, { roomId: 1196, isAdmin: true });
    const them = await login(t.app, otherAdmin.email, otherAdmin.password);

    const refused = await call(them.token, 'PUT', `/api/account/${roomOnePerson.accountId}/twostep`, {
      enabled: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe(
      'Somente um administrador do perfil Administrador pode alterar ou excluir usuários desse perfil.',
    );
    expect(
      (await call(them.token, 'PUT', `/api/account/${customer.accountId}/twostep`, { enabled: true }))
        .statusCode,
    ).toBe(200);

    const self = await call(admin.token, 'PUT', `/api/account/${admin.accountId}/twostep`, {
      enabled: false,
    });
    expect(self.statusCode).toBe(422);

    const integration = await createIntegration(t.app, admin.token, 1196);
    const int = await call(admin.token, 'PUT', `/api/account/${integration.accountId}/twostep`, {
      enabled: true,
    });
    expect(int.statusCode).toBe(422);

    const ordinary = await login(t.app, customer.email, customer.password).catch(() => null);
    // The customer has two-step on now: sign-in asks for the code.
    expect(ordinary).toBeNull();
    const plain = await createPerson(t.app, admin.token);
    const plainSession = await login(t.app, plain.email, plain.password);
    expect(
      (
        await call(plainSession.token, 'PUT', `/api/account/${customer.accountId}/twostep`, {
          enabled: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(plainSession.token, 'GET', `/api/account/${customer.accountId}/twostep`)).statusCode,
    ).toBe(403);
  });

  it('the company rule asks every administrator for the code, and only room 1 changes it', async () => {
    const otherAdmin = await createPerson(t.app, admin.token, { roomId: 1196, isAdmin: true });
    const person = await createPerson(t.app, admin.token);
    const them = await login(t.app, otherAdmin.email, otherAdmin.password);

    expect((await call(admin.token, 'GET', '/api/company/security')).json<CompanySecurity>()).toEqual({
      requireTwoStepForAdmins: false,
    });
    const notRoomOne = await call(them.token, 'PUT', '/api/company/security', {
      requireTwoStepForAdmins: true,
    });
    expect(notRoomOne.statusCode).toBe(403);
    expect(errorsOf(notRoomOne)[0]?.message).toBe(
      'Somente um administrador do perfil Administrador pode alterar as regras de segurança da empresa.',
    );
    const bad = await call(admin.token, 'PUT', '/api/company/security', { requireTwoStepForAdmins: 'sim' });
    expect(bad.statusCode).toBe(400);

    const on = await call(admin.token, 'PUT', '/api/company/security', { requireTwoStepForAdmins: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<CompanySecurity>()).toEqual({ requireTwoStepForAdmins: true });

    // Administrators, of any room, are asked for the code; an ordinary person is not.
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).json()).toEqual({ passcodeRequired: true });
    expect((await signIn(otherAdmin.email, otherAdmin.password)).json()).toEqual({ passcodeRequired: true });
    expect((await signIn(person.email, person.password)).json()).toHaveProperty('token');
    const code = passcodeIn(await lastMailTo(ADMIN_EMAIL));
    expect((await verify(ADMIN_EMAIL, code)).statusCode).toBe(200);
    const state = await call(admin.token, 'GET', '/api/account/twostep');
    expect(state.json<TwoStepState>()).toMatchObject({ enabled: false, requiredByCompany: true });

    await call(admin.token, 'PUT', '/api/company/security', { requireTwoStepForAdmins: false });
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).json()).toHaveProperty('token');
  });
});
