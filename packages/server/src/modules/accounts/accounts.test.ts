import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountDetail, AccountPage } from '@talkbase/domain/contracts/account';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { createIntegration } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: { token: string; accountId: number };

/** The smallest valid PNG (1×1), base64. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const person = (over: Record<string, unknown> = {}) => ({
  accountType: 1,
  roomId: 1,
  firstName: 'Joana',
  lastName: 'Prado',
  displayName: 'Joana',
  phoneNumber: '(11) 91234-5678',
  email: `joana-${Math.random().toString(36).slice(2, 8)}@talkbase.test`,
  ...over,
});

beforeEach(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterEach(async () => {
  await t.close();
});

async function getAccount(token: string, id: number) {
  return t.app.inject(as(token, { method: 'GET', url: `/api/account/${id}` }));
}

describe('accounts: create, read and edit', () => {
  it('stores and answers sharedTalks, attributes and the profile image; a single select keeps one value', async () => {
    await createCrm(t.app, admin.token);
    const acme = await createTalk(t.app, admin.token, 'cliente', { nome: 'ACME' });
    const other = await createTalk(t.app, admin.token, 'cliente', { nome: 'Outra' });
    const chamado = (
      await t.app.inject(as(admin.token, { method: 'GET', url: '/api/subject/chamado' }))
    ).json<Subject>();
    const attr = (id: string) =>
      chamado.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId;
    const created = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account',
        payload: person({
          roomId: 1196,
          sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
          attributes: [
            { attributeId: attr('cliente'), value: [acme, other] },
            { attributeId: attr('prioridade'), value: 2 },
          ],
          profileImage: { name: 'eu.png', type: 'image/png', data: PNG, url: null },
        }),
      }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<{ accountId: number }>().accountId;
    const read = (await getAccount(admin.token, id)).json<AccountDetail>();
    expect(read).toMatchObject({
      accountType: 1,
      firstName: 'Joana',
      roomId: 1196,
      profileId: 1196,
      room: { roomId: 1196, roomName: 'Clientes' },
      sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
      attributes: [
        { attributeIdentifier: 'cliente', componentId: 4, value: acme },
        { attributeIdentifier: 'prioridade', value: 2 },
      ],
      profileImage: { name: 'eu.png', type: 'image/png' },
    });
    const image = await t.app.inject(as(admin.token, { method: 'GET', url: read.profileImage?.url ?? '' }));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // Signing in answers the image's address as the session user's `image` (the top bar's avatar).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: read.email, password: created.json<{ password: string }>().password },
    });
    expect(signIn.json<{ user: { image: string | null } }>().user.image).toBe(read.profileImage?.url);

    // An edit without the fields keeps them; null removes the image; [] clears the lists.
    const kept = await t.app.inject(
      as(admin.token, { method: 'PUT', url: `/api/account/${id}`, payload: { lastName: 'Prado Lima' } }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json<AccountDetail>()).toMatchObject({ lastName: 'Prado Lima', attributes: [{}, {}] });
    expect(kept.json<AccountDetail>().profileImage).not.toBeNull();
    const cleared = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${id}`,
        payload: { profileImage: null, attributes: [], sharedTalks: [] },
      }),
    );
    expect(cleared.json<AccountDetail>()).toMatchObject({
      profileImage: null,
      attributes: [],
      sharedTalks: [],
    });
  });

  it('refuses an image that is not a PNG or JPEG, an unknown attribute and an unknown subject', async () => {
    const res = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account',
        payload: person({
          profileImage: { name: 'eu.png', data: Buffer.from('GIF89a-not-a-png').toString('base64') },
          attributes: [{ attributeId: 999999, value: 'x' }],
          sharedTalks: [{ subjectIdentifier: 'nada', talks: [{ id: 1 }] }],
        }),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).map((e) => e.field)).toEqual([
      'profileImage',
      'sharedTalks.0.subjectIdentifier',
      'attributes.0.attributeId',
    ]);
  });

  it('checks the phone with the telephone mask on create and edit', async () => {
    const bad = await t.app.inject(
      as(admin.token, { method: 'POST', url: '/api/account', payload: person({ phoneNumber: '12345' }) }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.field).toBe('phoneNumber');
    const p = await createPerson(t.app, admin.token);
    const edit = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${p.accountId}`,
        payload: { phoneNumber: '(11) 9123-45678x' },
      }),
    );
    expect(edit.statusCode).toBe(400);
    const ok = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${p.accountId}`,
        payload: { phoneNumber: '(21) 3456-7890' },
      }),
    );
    expect(ok.json<AccountDetail>().phoneNumber).toBe('(21) 3456-7890');
  });

  it("answers 422 'Esse e-mail já possui cadastro' and 'Nome do Aplicativo já cadastrado' under their fields", async () => {
    const a = await createPerson(t.app, admin.token);
    const b = await createPerson(t.app, admin.token);
    const dupEmail = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${b.accountId}`,
        payload: { email: a.email.toUpperCase() },
      }),
    );
    expect(dupEmail.statusCode).toBe(422);
    expect(errorsOf(dupEmail)).toEqual([{ message: 'Esse e-mail já possui cadastro', field: 'email' }]);

    const erp = (appName: string) =>
      t.app.inject(
        as(admin.token, {
          method: 'POST',
          url: '/api/account',
          payload: { accountType: 2, roomId: 1, appName, displayName: 'Integração do ERP da empresa' },
        }),
      );
    const first = await erp('ERP');
    expect(first.statusCode).toBe(201);
    const credentials = first.json<{ hash: string; password: string }>();
    expect(credentials.hash).toMatch(/^[0-9a-f]{48}$/);
    expect(credentials.password.length).toBeGreaterThanOrEqual(20);
    const second = await erp('Outro ERP');
    const dupApp = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${second.json<{ accountId: number }>().accountId}`,
        payload: { appName: 'erp' },
      }),
    );
    expect(dupApp.statusCode).toBe(422);
    expect(errorsOf(dupApp)).toEqual([{ message: 'Nome do Aplicativo já cadastrado', field: 'appName' }]);
    // Person fields do not apply to an integration account, and are said so instead of being dropped.
    const wrong = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${second.json<{ accountId: number }>().accountId}`,
        payload: { firstName: 'X' },
      }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)[0]?.field).toBe('firstName');
  });

  it('refuses a weak password when an administrator sets one', async () => {
    const res = await t.app.inject(
      as(admin.token, { method: 'POST', url: '/api/account', payload: person({ password: 'senha12345' }) }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([{ message: 'Esta senha não é segura o suficiente', field: 'password' }]);
  });
});

describe('accounts: list', () => {
  it('pages, searches and leaves the current user out unless asked', async () => {
    for (const name of ['Ana', 'Bruno', 'Carla', 'Daniel', 'Elisa']) {
      await createPerson(t.app, admin.token, { firstName: name, displayName: name });
    }
    const list = (url: string) =>
      t.app.inject(as(admin.token, { method: 'GET', url })).then((r) => r.json<AccountPage>());
    const page2 = await list('/api/account?CurrentPage=2&ResultsPerPage=2');
    expect(page2.totalResults).toBe(5);
    expect(page2.currentPage).toBe(2);
    expect(page2.itens.map((i) => i.firstName)).toEqual(['Carla', 'Daniel']);
    const withMe = await list('/api/account?CurrentPage=1&ResultsPerPage=999999&IncludCurrentUser=true');
    expect(withMe.totalResults).toBe(6);
    expect(withMe.itens.some((i) => i.accountId === admin.accountId)).toBe(true);
    const found = await list('/api/account?CurrentPage=1&ResultsPerPage=10&term=ELI');
    expect(found.itens.map((i) => i.firstName)).toEqual(['Elisa']);
    expect(found.itens[0]).toMatchObject({
      accountType: 1,
      inativo: false,
      canEdit: true,
      roomName: 'Clientes',
    });
    const tooLong = await t.app.inject(
      as(admin.token, { method: 'GET', url: `/api/account?term=${'a'.repeat(26)}` }),
    );
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('accounts: own profile', () => {
  it('lets a user save their profile fields without a password, and nothing an administrator decides', async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);
    const saved = await t.app.inject(
      as(me.token, {
        method: 'PUT',
        url: `/api/account/${me.accountId}`,
        payload: {
          firstName: 'Mariana',
          lastName: 'Souza',
          displayName: 'Mari',
          phoneNumber: '(11) 98888-7777',
          profileImage: { name: 'foto.png', type: 'image/png', data: PNG },
        },
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await getAccount(me.token, me.accountId)).json<AccountDetail>()).toMatchObject({
      firstName: 'Mariana',
      displayName: 'Mari',
      phoneNumber: '(11) 98888-7777',
      profileImage: { name: 'foto.png' },
      roomId: 1196,
    });
    // Own profile: display name at most 20 characters.
    const long = await t.app.inject(
      as(me.token, {
        method: 'PUT',
        url: `/api/account/${me.accountId}`,
        payload: { displayName: 'x'.repeat(21) },
      }),
    );
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)).toEqual([{ message: 'Máximo de 20 caracteres.', field: 'displayName' }]);
    for (const payload of [
      { roomId: 1 },
      { email: 'outro@talkbase.test' },
      { isAdmin: true },
      { attributes: [] },
    ]) {
      const res = await t.app.inject(
        as(me.token, { method: 'PUT', url: `/api/account/${me.accountId}`, payload }),
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect((await getAccount(me.token, me.accountId)).json<AccountDetail>().roomId).toBe(1196);
  });

  it("changes the password: 409 'Senha inválida' for a wrong or missing current one, 422 for a weak one", async () => {
    const p = await createPerson(t.app, admin.token);
    const me = await login(t.app, p.email, p.password);
    const put = (payload: object) =>
      t.app.inject(as(me.token, { method: 'PUT', url: `/api/account/${me.accountId}`, payload }));
    const wrong = await put({
      displayName: 'Nova',
      currentPassword: 'errada-errada',
      newPassword: 'Trocar#Senha-2026',
    });
    expect(wrong.statusCode).toBe(409);
    expect(errorsOf(wrong)).toEqual([{ message: 'Senha inválida', field: 'currentPassword' }]);
    // Nothing of a refused save was written.
    expect((await getAccount(me.token, me.accountId)).json<AccountDetail>().displayName).toBe('Maria');
    expect((await put({ newPassword: 'Trocar#Senha-2026' })).statusCode).toBe(409);
    const weak = await put({ currentPassword: p.password, newPassword: 'senha123456' });
    expect(weak.statusCode).toBe(422);
    expect(errorsOf(weak)).toEqual([
      { message: 'Esta senha não é segura o suficiente', field: 'newPassword' },
    ]);
    const short = await put({ currentPassword: p.password, newPassword: 'Xq9#vT2!p' });
    expect(short.statusCode).toBe(400);
    expect(errorsOf(short)[0]?.message).toBe('Digite no mínimo 10 caracteres');
    expect((await put({ currentPassword: p.password, newPassword: 'Trocar#Senha-2026' })).statusCode).toBe(
      200,
    );
    await expect(login(t.app, p.email, p.password)).rejects.toThrow();
    await login(t.app, p.email, 'Trocar#Senha-2026');
  });
});

describe('accounts: delete', () => {
  it('removes an account: its sessions end, it cannot sign in, and its e-mail is free again', async () => {
    const p = await createPerson(t.app, admin.token);
    const them = await login(t.app, p.email, p.password);
    const del = await t.app.inject(as(admin.token, { method: 'DELETE', url: `/api/account/${p.accountId}` }));
    expect(del.statusCode).toBe(204);
    expect((await getAccount(them.token, them.accountId)).statusCode).toBe(401);
    await expect(login(t.app, p.email, p.password)).rejects.toThrow();
    expect((await getAccount(admin.token, p.accountId)).statusCode).toBe(404);
    const again = await t.app.inject(
      as(admin.token, { method: 'DELETE', url: `/api/account/${p.accountId}` }),
    );
    expect(again.statusCode).toBe(404);
    const list = (
      await t.app.inject(as(admin.token, { method: 'GET', url: '/api/account?IncludCurrentUser=true' }))
    ).json<AccountPage>();
    expect(list.itens.map((i) => i.accountId)).toEqual([admin.accountId]);
    await createPerson(t.app, admin.token, { email: p.email });
  });

  it('frees the room of a removed account, so the access profile can be deleted', async () => {
    const roomId = (
      await t.app.inject(
        as(admin.token, { method: 'POST', url: '/api/room', payload: { roomName: 'Temporário' } }),
      )
    ).json<{ roomId: number }>().roomId;
    const p = await createPerson(t.app, admin.token, { roomId });
    expect(
      (await t.app.inject(as(admin.token, { method: 'DELETE', url: `/api/room/${roomId}` }))).statusCode,
    ).toBe(422);
    await t.app.inject(as(admin.token, { method: 'DELETE', url: `/api/account/${p.accountId}` }));
    expect(
      (await t.app.inject(as(admin.token, { method: 'DELETE', url: `/api/room/${roomId}` }))).statusCode,
    ).toBe(204);
  });

  it('does not let an administrator remove themselves', async () => {
    const res = await t.app.inject(
      as(admin.token, { method: 'DELETE', url: `/api/account/${admin.accountId}` }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.message).toBe('Você não pode excluir o seu próprio usuário.');
  });
});

describe('accounts: who may call what', () => {
  it('admin, ordinary user, customer (room 1196), integration account and anonymous', async () => {
    const roomId = (
      await t.app.inject(
        as(admin.token, { method: 'POST', url: '/api/room', payload: { roomName: 'Atendimento' } }),
      )
    ).json<{ roomId: number }>().roomId;
    const userAcc = await createPerson(t.app, admin.token, { roomId });
    const user = await login(t.app, userAcc.email, userAcc.password);
    const customerAcc = await createPerson(t.app, admin.token, { roomId: 1196 });
    const customer = await login(t.app, customerAcc.email, customerAcc.password);
    const integration = await createIntegration(t.app, admin.token, roomId);
    const victim = await createPerson(t.app, admin.token);

    const calls = [
      { method: 'GET', url: '/api/account' },
      { method: 'POST', url: '/api/account', payload: person() },
      { method: 'GET', url: `/api/account/${victim.accountId}` },
      { method: 'PUT', url: `/api/account/${victim.accountId}`, payload: { lastName: 'Outro' } },
      { method: 'DELETE', url: `/api/account/${victim.accountId}` },
    ] as const;
    const status = async (token: string | null, call: (typeof calls)[number]) => {
      const opts = {
        method: call.method,
        url: call.url,
        ...('payload' in call ? { payload: call.payload } : {}),
      };
      return (await t.app.inject(token ? as(token, opts) : opts)).statusCode;
    };
    for (const call of calls) {
      expect(await status(null, call), `anonymous ${call.method} ${call.url}`).toBe(401);
      expect(await status('not-a-token', call), `bad token ${call.method}`).toBe(401);
      for (const [who, token] of [
        ['user', user.token],
        ['customer', customer.token],
        ['integration', integration.token],
      ] as const) {
        expect(await status(token, call), `${who} ${call.method} ${call.url}`).toBe(403);
      }
    }
    // Everyone reads their own account; the integration may not edit its own profile fields.
    for (const who of [user, customer, integration]) {
      expect((await getAccount(who.token, who.accountId)).statusCode).toBe(200);
    }
    const own = await t.app.inject(
      as(integration.token, {
        method: 'PUT',
        url: `/api/account/${integration.accountId}`,
        payload: { firstName: 'ERP' },
      }),
    );
    expect(own.statusCode).toBe(422);
    // The administrator does all of it.
    expect(await status(admin.token, calls[0])).toBe(200);
    expect(await status(admin.token, calls[1])).toBe(201);
    expect(await status(admin.token, calls[2])).toBe(200);
    expect(await status(admin.token, calls[3])).toBe(200);
    expect(await status(admin.token, calls[4])).toBe(204);
    // Another company's account does not exist for this one's administrator.
    expect((await getAccount(admin.token, 999999)).statusCode).toBe(404);
  });
});
