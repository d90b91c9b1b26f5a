import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegration, createRoom } from '../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../test/harness.ts';

// Security probe (issue 32): the room-1 boundary was cosmetic — an administrator of another room
// moved itself into room 1 and then managed tags and automations, and an administrator made an
// integration account an administrator, which then made more.
let t: TestApp;
let admin: string;
let adminId: number;
let otherAdmin: string;
let otherAdminId: number;
let roomX: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ token: admin, accountId: adminId } = await login(t.app));
  roomX = await createRoom(t.app, admin, { roomName: 'Supervisão', permissions: { subjects: [] } });
  // Room 1's administrator may make an administrator of another room.
  const person = await createPerson(t.app, admin, { roomId: roomX, isAdmin: true });
  ({ token: otherAdmin, accountId: otherAdminId } = await login(t.app, person.email, person.password));
});
afterAll(async () => {
  await t.close();
});

const put = (token: string, accountId: number, payload: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'PUT', url: `/api/account/${String(accountId)}`, payload }));
const roomOf = async (accountId: number) =>
  await t.db.kysely
    .selectFrom('accounts')
    .select(['room_id', 'is_admin'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();

describe('only room 1’s administrators give room 1 or the administrator flag', () => {
  it('refuses an administrator of another room moving itself into room 1, and it still cannot manage tags', async () => {
    const moved = await put(otherAdmin, otherAdminId, { roomId: 1 });
    expect(moved.statusCode).toBe(403);
    expect(errorsOf(moved)[0]).toEqual({
      message: 'Somente um administrador do perfil Administrador pode incluir usuários nesse perfil.',
      field: 'roomId',
    });
    expect((await roomOf(otherAdminId)).room_id).toBe(roomX);
    const tags = await t.app.inject(as(otherAdmin, { method: 'GET', url: '/api/tag' }));
    expect(tags.statusCode).toBe(403);
  });

  it('refuses it creating an account in room 1 or an administrator, and granting the flag', async () => {
    const intoRoomOne = await t.app.inject(
      as(otherAdmin, {
        method: 'POST',
        url: '/api/account/',
        payload: {
          accountType: 1,
          roomId: 1,
          firstName: 'Ze',
          lastName: 'Infiltrado',
          displayName: 'Ze',
          phoneNumber: '(11) 91234-5678',
          email: 'ze@talkbase.test',
          password: 'Pessoa-Senha-Forte-1',
        },
      }),
    );
    expect(intoRoomOne.statusCode).toBe(403);
    const newAdmin = await t.app.inject(
      as(otherAdmin, {
        method: 'POST',
        url: '/api/account/',
        payload: {
          accountType: 1,
          roomId: roomX,
          firstName: 'Ze',
          lastName: 'Admin',
          displayName: 'Ze',
          phoneNumber: '(11) 91234-5678',
          email: 'ze-admin@talkbase.test',
          password: 'Pessoa-Senha-Forte-1',
          isAdmin: true,
        },
      }),
    );
    expect(newAdmin.statusCode).toBe(403);
    expect(errorsOf(newAdmin)[0]?.field).toBe('isAdmin');
    const count = await t.db.kysely
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'in', ['ze@talkbase.test', 'ze-admin@talkbase.test'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n as unknown)).toBe(0);

    // It still manages ordinary accounts of its own rooms.
    const colleague = await createPerson(t.app, otherAdmin, { roomId: roomX });
    const promoted = await put(otherAdmin, colleague.accountId, { isAdmin: true });
    expect(promoted.statusCode).toBe(403);
    expect((await roomOf(colleague.accountId)).is_admin).toBe(0);
    expect((await put(otherAdmin, colleague.accountId, { displayName: 'Colega' })).statusCode).toBe(200);
  });

  it('refuses it demoting, moving or removing room 1’s administrator', async () => {
    expect((await put(otherAdmin, adminId, { isAdmin: false })).statusCode).toBe(403);
    expect((await put(otherAdmin, adminId, { roomId: roomX })).statusCode).toBe(403);
    const removed = await t.app.inject(
      as(otherAdmin, { method: 'DELETE', url: `/api/account/${String(adminId)}` }),
    );
    expect(removed.statusCode).toBe(403);
    expect(await roomOf(adminId)).toEqual({ room_id: 1, is_admin: 1 });
  });

  it('lets room 1’s administrator do each of them', async () => {
    const person = await createPerson(t.app, admin, { roomId: roomX });
    expect((await put(admin, person.accountId, { roomId: 1, isAdmin: true })).statusCode).toBe(200);
    expect(await roomOf(person.accountId)).toEqual({ room_id: 1, is_admin: 1 });
  });
});

describe('an integration account never holds the administrator flag', () => {
  it('refuses the flag on an integration account, even from room 1’s administrator', async () => {
    const erp = await createIntegration(t.app, admin, roomX);
    const made = await put(admin, erp.accountId, { isAdmin: true });
    expect(made.statusCode).toBe(422);
    expect(errorsOf(made)[0]).toEqual({
      message: 'Contas de integração não podem ser administradoras.',
      field: 'isAdmin',
    });
    expect((await roomOf(erp.accountId)).is_admin).toBe(0);
  });

  it('treats an integration account stored with the flag (before this rule) as no administrator', async () => {
    const made = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1, appName: 'ERP legado', displayName: 'ERP legado' },
      }),
    );
    const { hash, password, accountId } = made.json<{ hash: string; password: string; accountId: number }>();
    await t.db.kysely.updateTable('accounts').set({ is_admin: 1 }).where('id', '=', accountId).execute();
    // Signed in after the flag was stored: the session row carries it.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { hash, password },
    });
    const erp = { token: signedIn.json<{ token: string }>().token };
    const again = await t.app.inject(as(erp.token, { method: 'GET', url: '/api/account?page=1&fetch=10' }));
    expect(again.statusCode).toBe(403);
    const created = await t.app.inject(
      as(erp.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1, appName: 'Outro ERP', displayName: 'Outro' },
      }),
    );
    expect(created.statusCode).toBe(403);
  });
});
