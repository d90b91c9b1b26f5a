import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoomDetail } from '@talkbase/domain/contracts/rooms';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let chamado: Subject;
const attr = (id: string) =>
  chamado.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId ?? 0;

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<Subject>();
});
afterEach(async () => {
  await t.close();
});

async function saveMenu(menus: unknown[]) {
  const res = await t.app.inject(
    as(admin, { method: 'PUT', url: '/api/presentation/menu/1', payload: { Menus: menus } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Menus: { Id: number; Menus: { Id: number }[] }[] }>().Menus;
}

describe('room form settings', () => {
  it('saves menus, room filters, notifications and attribute read permission, and reads them back', async () => {
    const [support] = await saveMenu([
      {
        Name: 'Suporte',
        Menus: [{ Name: 'Chamados', Scenario: 'grid', Subject: 'chamado', Icon: 'support' }],
      },
    ]);
    const leaf = support?.Menus[0]?.Id ?? 0;
    const cliente = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/cliente' }))
    ).json<Subject>().subjectId;
    const room = {
      roomName: 'Triagem',
      displayName: 'Triagem',
      color: '#aa3300',
      permissions: {
        subjects: [
          {
            resourceId: chamado.subjectId,
            actions: [{ actionIdentifier: 'READ' }, 'update'],
            permissions: [{ resourceId: attr('prioridade'), actions: [{ actionIdentifier: 'UPDATE' }] }],
          },
        ],
        menus: [
          { resourceId: support?.Id, actions: [{ actionIdentifier: 'READ' }] },
          { resourceId: leaf, actions: ['read'] },
        ],
      },
      roomFilters: [
        {
          filterId: await createTalk(t.app, admin, 'filtro', {
            nome: 'Urgentes',
            assunto: 'chamado',
            filtro: { attribute: 'urgente', operator: 'equal', value: true },
          }),
          filterName: 'Só urgentes',
          subjectIdentifier: 'chamado',
          filter: { condition: 'E', rules: [{ attribute: 'urgente', operator: 'equal', value: true }] },
        },
      ],
      roomNotifications: [
        { channel: { channelId: 1 }, notifications: [{ notificationId: 7, isEnable: true }] },
      ],
      // Tickets themselves must open without a certificate for the row checks below.
      requireDigitalSignature: [cliente],
    };
    const created = await t.app.inject(as(admin, { method: 'POST', url: '/api/room', payload: room }));
    expect(created.statusCode, created.body).toBe(201);
    const { roomId } = created.json<{ roomId: number }>();
    const back = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))
    ).json<RoomDetail>();
    expect(back.menus.map((m) => m.resourceId).sort()).toEqual([support?.Id, leaf].sort());
    expect(back.roomFilters).toEqual([{ ...room.roomFilters[0] }]);
    expect(back.roomNotifications).toEqual([
      {
        channel: { channelId: 1 },
        notifications: [{ notificationId: 7, isEnable: true, isRequired: false }],
      },
    ]);
    expect(back.requireDigitalSignature).toEqual([cliente]);
    const subject = back.subjects.find((s) => s.resourceId === chamado.subjectId);
    expect(subject?.actions.sort()).toEqual(['read', 'update']);
    // The subject's own filter stays apart from the room filters it is combined with.
    expect(subject?.filter).toBeNull();
    expect(subject?.permissions).toEqual([{ resourceId: attr('prioridade'), actions: ['update'] }]);

    // The room filter limits the rows the room's users see.
    await createTalk(t.app, admin, 'chamado', { titulo: 'Dia calmo', urgente: false });
    const hot = await createTalk(t.app, admin, 'chamado', { titulo: 'Rede caiu', urgente: true });
    const person = await createPerson(t.app, admin, { roomId });
    const user = (await login(t.app, person.email, person.password)).token;
    const page = (
      await t.app.inject(as(user, { method: 'POST', url: '/api/talk/filter/chamado', payload: {} }))
    ).json<{ itens: { talkId: number }[]; totalResults: number }>();
    expect(page.itens.map((i) => i.talkId)).toEqual([hot]);

    // Saving again with the attribute read action keeps it: resource type 3 includes reading.
    const updated = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${roomId}`,
        payload: {
          ...room,
          permissions: {
            ...room.permissions,
            subjects: [
              {
                ...room.permissions.subjects[0],
                permissions: [
                  { resourceId: attr('prioridade'), actions: ['read'] },
                  // Nothing at all: kept as such, not taken for "follows the subject".
                  { resourceId: attr('prazo'), actions: [] },
                ],
              },
            ],
            menus: [],
          },
          roomFilters: [],
        },
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const again = updated.json<RoomDetail>();
    expect(again.subjects[0]?.permissions).toEqual([
      { resourceId: attr('prioridade'), actions: ['read'] },
      { resourceId: attr('prazo'), actions: [] },
    ]);
    expect(again.menus).toEqual([]);
    expect(again.roomFilters).toEqual([]);
    const all = (
      await t.app.inject(as(user, { method: 'POST', url: '/api/talk/filter/chamado', payload: {} }))
    ).json<{ totalResults: number }>();
    expect(all.totalResults).toBe(2);
  });

  it('lists the actions with attribute reading, and the real menus as resources', async () => {
    const actions = (await t.app.inject(as(admin, { method: 'GET', url: '/api/room/action' }))).json<
      { resourceTypeActionId: number; actionIdentifier: string; resourceTypeId: number }[]
    >();
    expect(actions).toContainEqual(
      expect.objectContaining({ resourceTypeActionId: 10, actionIdentifier: 'READ', resourceTypeId: 3 }),
    );
    expect(actions).toContainEqual(expect.objectContaining({ resourceTypeActionId: 9, resourceTypeId: 7 }));
    await saveMenu([
      {
        Name: 'Suporte',
        Icon: 'support',
        Menus: [{ Name: 'Chamados', Scenario: 'grid', Subject: 'chamado' }],
      },
      { Name: 'Clientes', Scenario: 'grid', Subject: 'cliente' },
    ]);
    const { Menus } = (await t.app.inject(as(admin, { method: 'GET', url: '/api/room/resource' }))).json<{
      Menus: {
        resourceName: string;
        icon: string | null;
        menus: { resourceName: string; subjectIdentifier: string }[];
      }[];
    }>();
    expect(Menus).toEqual([
      expect.objectContaining({
        resourceName: 'Suporte',
        icon: 'support',
        menus: [expect.objectContaining({ resourceName: 'Chamados', subjectIdentifier: 'chamado' })],
      }),
      expect.objectContaining({ resourceName: 'Clientes', menus: [] }),
    ]);
  });

  it('refuses a save over a change made since the editor loaded the room (409)', async () => {
    const created = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/room', payload: { roomName: 'Vendas' } }),
    );
    const { roomId } = created.json<{ roomId: number }>();
    const loaded = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))
    ).json<RoomDetail>();
    const first = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${roomId}`,
        payload: { roomName: 'Vendas Sul', version: loaded.version },
      }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RoomDetail>().version).toBe(loaded.version + 1);
    const stale = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${roomId}`,
        payload: { roomName: 'Vendas Norte', version: loaded.version },
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)).toEqual([
      {
        message:
          'Este perfil de acesso foi alterado por outra pessoa. Recarregue a página para ver as alterações.',
        field: 'version',
      },
    ]);
    const kept = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))
    ).json<RoomDetail>();
    expect(kept.roomName).toBe('Vendas Sul');
    // Without a version (the spec's clients), the last save wins.
    const blind = await t.app.inject(
      as(admin, { method: 'PUT', url: `/api/room/${roomId}`, payload: { roomName: 'Vendas Norte' } }),
    );
    expect(blind.json<RoomDetail>().roomName).toBe('Vendas Norte');
  });

  it('answers GET /Room/notification instead of taking it for a room id', async () => {
    const res = await t.app.inject(as(admin, { method: 'GET', url: '/api/Room/notification' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses bad input with JSON errors naming the field', async () => {
    const noName = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: {
          roomName: 'X',
          roomFilters: [
            { filterName: '', subjectIdentifier: 'chamado', filter: { condition: 'E', rules: [] } },
          ],
        },
      }),
    );
    expect(noName.statusCode).toBe(400);
    expect(errorsOf(noName)).toEqual([{ message: 'Campo obrigatório.', field: 'roomFilters.0.filterName' }]);
    const longTitle = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/room', payload: { roomName: 'x'.repeat(151) } }),
    );
    expect(errorsOf(longTitle)).toEqual([{ message: 'Máximo de 150 caracteres.', field: 'roomName' }]);
    const opaque = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: { roomName: 'X', roomNotifications: [{ foo: 1 }] },
      }),
    );
    expect(opaque.statusCode).toBe(400);
    expect(errorsOf(opaque)[0]?.field).toBe('roomNotifications.0.channel');

    const urgent = await createTalk(t.app, admin, 'filtro', {
      nome: 'Urgentes',
      assunto: 'chamado',
      filtro: { attribute: 'urgente', operator: 'equal', value: true },
    });
    const ofClients = await createTalk(t.app, admin, 'filtro', {
      nome: 'ACME',
      assunto: 'cliente',
      filtro: { attribute: 'nome', operator: 'contains', value: 'ACME' },
    });
    const refs = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: {
          roomName: 'X',
          permissions: { menus: [{ resourceId: 4242 }] },
          roomFilters: [
            { filterName: 'A', subjectIdentifier: 'nada', filter: { condition: 'E', rules: [] } },
            {
              filterId: urgent,
              filterName: 'B',
              subjectIdentifier: 'chamado',
              filter: { attribute: 'naoexiste', operator: 'equal', value: 1 },
            },
            {
              filterId: urgent,
              filterName: 'C',
              subjectIdentifier: 'chamado',
              filter: { condition: 'E', rules: [] },
            },
            // A saved filter made for another subject.
            {
              filterId: ofClients,
              filterName: 'D',
              subjectIdentifier: 'chamado',
              filter: { condition: 'E', rules: [] },
            },
          ],
          requireDigitalSignature: [99999],
        },
      }),
    );
    expect(refs.statusCode).toBe(422);
    expect(errorsOf(refs).map((e) => e.field)).toEqual([
      'roomFilters.0.subjectIdentifier',
      'roomFilters.1.filter',
      'roomFilters.2.filterId',
      'roomFilters.3.filterId',
      'requireDigitalSignature.0',
      'permissions.menus.0.resourceId',
    ]);
    expect(errorsOf(refs)[2]?.message).toBe('Este filtro já faz parte do perfil de acesso.');
    expect(errorsOf(refs)[3]?.message).toBe('Filtro salvo não encontrado para o assunto.');
    expect(errorsOf(refs)[5]?.message).toBe('Menu não encontrado.');
  });

  it('refuses every room call to a non-administrator and keeps rooms to the company', async () => {
    const person = await createPerson(t.app, admin, {});
    const user = (await login(t.app, person.email, person.password)).token;
    for (const [method, url] of [
      ['GET', '/api/room?page=1&fetch=10'],
      ['GET', '/api/room/1'],
      ['POST', '/api/room'],
      ['PUT', '/api/room/1'],
      ['DELETE', '/api/room/1196'],
      ['GET', '/api/room/action'],
      ['GET', '/api/room/resource'],
      ['GET', '/api/Room/notification'],
      ['PUT', '/api/presentation/menu/1'],
    ] as const) {
      const res = await t.app.inject(
        as(user, {
          method,
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : { roomName: 'X' },
        }),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject(as(admin, { method: 'GET', url: '/api/room/999999' }))).statusCode).toBe(404);
  });

  it('deletes an unused room and refuses the built-in ones with a clear message', async () => {
    for (const id of [1, 1196]) {
      const res = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/room/${id}` }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]?.message).toBe(
        'Este perfil de acesso faz parte do sistema e não pode ser excluído.',
      );
    }
    const [menu] = await saveMenu([{ Name: 'Clientes', Scenario: 'grid', Subject: 'cliente' }]);
    const created = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: { roomName: 'Temporário', permissions: { menus: [{ resourceId: menu?.Id }] } },
      }),
    );
    const { roomId } = created.json<{ roomId: number }>();
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: `/api/room/${roomId}` }))).statusCode).toBe(
      204,
    );
    expect((await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))).statusCode).toBe(
      404,
    );
    const list = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/room?page=1&fetch=10&term=temp' }))
    ).json<{
      totalResults: number;
    }>();
    expect(list.totalResults).toBe(0);
  });
});
