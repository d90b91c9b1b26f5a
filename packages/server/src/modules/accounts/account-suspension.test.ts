import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDetail, AccountPage } from '@talkbase/domain/contracts/account';
import { createIntegration } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: { token: string; accountId: number };

beforeEach(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterEach(async () => {
  await t.close();
});

const setActive = (token: string, accountId: number, payload: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'PUT', url: `/api/account/${accountId}/active`, payload }));

const me = (token: string) => t.app.inject(as(token, { method: 'GET', url: '/api/subject' }));

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });

async function list(query: string) {
  const res = await t.app.inject(
    as(admin.token, { method: 'GET', url: `/api/account?ResultsPerPage=100&IncludCurrentUser=true${query}` }),
  );
  expect(res.statusCode).toBe(200);
  return res.json<AccountPage>().itens;
}

describe('accounts: suspend and restore (PUT /api/account/{id}/active)', () => {
  it('suspends: the sessions end at once, sign-in is refused, the list marks it inactive; restoring undoes it', async () => {
    const p = await createPerson(t.app, admin.token);
    const session = await login(t.app, p.email, p.password);
    expect((await me(session.token)).statusCode).toBe(200);

    const off = await setActive(admin.token, p.accountId, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<AccountDetail>()).toMatchObject({ accountId: p.accountId, inativo: true });

    expect((await me(session.token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: session.token },
    });
    expect(refresh.statusCode).toBe(401);
    const refused = await signIn(p.email, p.password);
    expect(refused.statusCode).toBe(401);

    // It stays in the list, marked inactive; IncludeInactive=false leaves it out.
    expect((await list('')).find((a) => a.accountId === p.accountId)).toMatchObject({ inativo: true });
    expect((await list('&IncludeInactive=false')).some((a) => a.accountId === p.accountId)).toBe(false);

    const on = await setActive(admin.token, p.accountId, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect(on.json<AccountDetail>().inativo).toBe(false);
    expect((await signIn(p.email, p.password)).statusCode).toBe(200);
    // The session that ended stays ended.
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await list('&IncludeInactive=false')).some((a) => a.accountId === p.accountId)).toBe(true);
  });

  it('suspends an integration account: its hash and password no longer sign in', async () => {
    const created = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1196, appName: 'ERP Suspenso', displayName: 'ERP' },
      }),
    );
    const { accountId, hash, password } = created.json<{
      accountId: number;
      hash: string;
      password: string;
    }>();
    expect((await setActive(admin.token, accountId, { isActive: false })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { hash, password },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses oneself, the last active administrator of room 1, other rooms’ administrators on room 1, and non-administrators', async () => {
    const self = await setActive(admin.token, admin.accountId, { isActive: false });
    expect(self.statusCode).toBe(422);
    expect(errorsOf(self)[0]?.message).toBe('Você não pode suspender o seu próprio usuário.');

    // Two room-1 administrators suspending each other at once: one of them stays active.
    const second = await createPerson(t.app, admin.token, { roomId: 1, isAdmin: true });
    const secondSession = await login(t.app, second.email, second.password);
    const both = await Promise.all([
      setActive(admin.token, second.accountId, { isActive: false }),
      setActive(secondSession.token, admin.accountId, { isActive: false }),
    ]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const lost = both.find((r) => r.statusCode !== 200);
    expect([401, 409]).toContain(lost?.statusCode);
    if (lost?.statusCode === 409)
      expect(errorsOf(lost)[0]?.message).toBe(
        'O último administrador ativo do perfil Administrador não pode ser suspenso.',
      );
    const active = await t.db.kysely
      .selectFrom('accounts')
      .select('id')
      .where('room_id', '=', 1)
      .where('is_admin', '=', 1)
      .where('is_active', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
    // Put both back, as the one left active would.
    await t.db.kysely.updateTable('accounts').set({ is_active: 1 }).where('room_id', '=', 1).execute();
    admin = await login(t.app);

    // An administrator of another room does not suspend an account of room 1.
    const otherAdmin = await createPerson(t.app, admin.token, { roomId: 1196, isAdmin: true });
    const otherSession = await login(t.app, otherAdmin.email, otherAdmin.password);
    const roomOne = await createPerson(t.app, admin.token, { roomId: 1 });
    const denied = await setActive(otherSession.token, roomOne.accountId, { isActive: false });
    expect(denied.statusCode).toBe(403);
    expect(errorsOf(denied)[0]?.message).toBe(
      'Somente um administrador do perfil Administrador pode alterar ou excluir usuários desse perfil.',
    );
    // …but does suspend one of another room.
    const customer = await createPerson(t.app, admin.token);
    expect((await setActive(otherSession.token, customer.accountId, { isActive: false })).statusCode).toBe(
      200,
    );

    // Not an administrator: 403; unknown account: 404; malformed body: 400, all JSON in Portuguese.
    const plain = await login(t.app, roomOne.email, roomOne.password);
    expect((await setActive(plain.token, customer.accountId, { isActive: true })).statusCode).toBe(403);
    const unknown = await setActive(admin.token, 999999, { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)[0]?.message).toBe('Usuário não encontrado.');
    const malformed = await setActive(admin.token, customer.accountId, { isActive: 'sim' });
    expect(malformed.statusCode).toBe(400);
    expect(errorsOf(malformed)[0]).toMatchObject({ field: 'isActive', message: 'Campo obrigatório.' });
  });

  it('keeps an integration that is suspended out of the administrator checks and its token out', async () => {
    const erp = await createIntegration(t.app, admin.token, 1196);
    expect((await me(erp.token)).statusCode).toBe(200);
    expect((await setActive(admin.token, erp.accountId, { isActive: false })).statusCode).toBe(200);
    expect((await me(erp.token)).statusCode).toBe(401);
  });
});
