import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MenuNode } from '@talkbase/domain/contracts/menus';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let chamado: Subject;
let cliente: Subject;

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<Subject>();
  cliente = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/cliente' }))).json<Subject>();
});
afterEach(async () => {
  await t.close();
});

const names = (nodes: MenuNode[]): unknown[] =>
  nodes.map((n) => (n.Menus.length ? { [n.Name]: names(n.Menus) } : n.Name));

async function put(token: string, payload: Record<string, unknown> | unknown[], companyId = 1) {
  return t.app.inject(as(token, { method: 'PUT', url: `/api/presentation/menu/${companyId}`, payload }));
}

async function menuOf(token: string): Promise<MenuNode[]> {
  const res = await t.app.inject(as(token, { method: 'GET', url: '/api/presentation/menu/all/' }));
  expect(res.statusCode).toBe(200);
  return res.json<{ Menus: MenuNode[] }>().Menus;
}

/** A user in a new room that reads tickets only and is given the menus named. */
async function userSeeing(menuIds: number[], extra: Record<string, unknown> = {}): Promise<string> {
  const room = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/room',
      payload: {
        roomName: 'Atendimento',
        permissions: {
          subjects: [{ resourceId: chamado.subjectId, actions: ['read'] }],
          menus: menuIds.map((resourceId) => ({ resourceId, actions: ['read'] })),
        },
      },
    }),
  );
  expect(room.statusCode, room.body).toBe(201);
  const person = await createPerson(t.app, admin, {
    roomId: room.json<{ roomId: number }>().roomId,
    ...extra,
  });
  return (await login(t.app, person.email, person.password)).token;
}

describe('company menu', () => {
  it('stores the tree, keeps ids across saves and answers it to room 1 whole', async () => {
    const abertos = await createTalk(t.app, admin, 'filtro', {
      nome: 'Abertos',
      assunto: 'chamado',
      filtro: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'less', value: 3 }] },
    });
    expect(await menuOf(admin)).toEqual([]);
    const first = await put(admin, {
      Menus: [
        {
          Name: 'Atendimento',
          Icon: 'support_agent',
          // A parent loses its own leaf settings.
          Subject: 'chamado',
          Scenario: 'grid',
          Menus: [
            { Name: 'Chamados abertos', Scenario: 'grid', Subject: 'chamado', Filters: [abertos] },
            { Name: 'Novo chamado', Scenario: 'FORM', Subject: 'chamado' },
          ],
        },
        { Name: 'Clientes', Scenario: 'grid', Subject: 'cliente', Icon: 'business' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<{ Menus: MenuNode[] }>().Menus;
    expect(saved[0]).toMatchObject({
      Name: 'Atendimento',
      Subject: null,
      Scenario: null,
      Icon: 'support_agent',
    });
    expect(saved[0]?.Menus[0]).toMatchObject({ Subject: 'chamado', Scenario: 'grid', Filters: [abertos] });
    expect(saved[0]?.Menus[1]).toMatchObject({ Scenario: 'form' });
    expect(await menuOf(admin)).toEqual(saved);

    // Reorder, rename, drop one leaf: kept nodes keep their ids.
    const [parent, clientes] = saved;
    const second = await put(admin, [
      { ...clientes, Name: 'Empresas' },
      { ...parent, Menus: [parent?.Menus[1]] },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const again = second.json<{ Menus: MenuNode[] }>().Menus;
    expect(names(again)).toEqual(['Empresas', { Atendimento: ['Novo chamado'] }]);
    expect(again.map((n) => n.Id)).toEqual([clientes?.Id, parent?.Id]);
    expect(again[1]?.Menus[0]?.Id).toBe(parent?.Menus[1]?.Id);

    const scenarios = (await t.app.inject(as(admin, { method: 'GET', url: '/api/scenario/all/' }))).json<
      { scenarioIdentifier: string }[]
    >();
    expect(scenarios.map((s) => s.scenarioIdentifier)).toEqual([
      'grid',
      'form',
      'talk',
      'timeline',
      'help',
      'attachments',
      'activetask',
      'board',
      'calendar',
    ]);
  });

  it('shows a room only the menus it is given whose subjects it may read; others are not reachable', async () => {
    const saved = (
      await put(admin, {
        Menus: [
          {
            Name: 'Atendimento',
            Menus: [
              { Name: 'Chamados', Scenario: 'grid', Subject: 'chamado' },
              { Name: 'Novo chamado', Scenario: 'form', Subject: 'chamado' },
              { Name: 'Clientes do chamado', Scenario: 'grid', Subject: 'cliente' },
            ],
          },
          {
            Name: 'Relatórios',
            Menus: [{ Name: 'Chamados (relatório)', Scenario: 'grid', Subject: 'chamado' }],
          },
        ],
      })
    ).json<{ Menus: MenuNode[] }>().Menus;
    const [atendimento, relatorios] = saved;
    const [chamados, novo, clientes] = atendimento?.Menus ?? [];
    // Given: the parent, two ticket leaves and the client leaf (whose subject it may not read);
    // the second parent's leaf but not the parent itself.
    const user = await userSeeing(
      [atendimento?.Id, chamados?.Id, clientes?.Id, relatorios?.Menus[0]?.Id].map(Number),
    );
    expect(names(await menuOf(user))).toEqual([{ Atendimento: ['Chamados'] }]);
    const get = (id: number | undefined) =>
      t.app.inject(as(user, { method: 'GET', url: `/api/presentation/menu/${id}` }));
    expect((await get(chamados?.Id)).statusCode).toBe(200);
    expect((await get(novo?.Id)).statusCode).toBe(404);
    expect((await get(clientes?.Id)).statusCode).toBe(404);
    expect((await get(relatorios?.Menus[0]?.Id)).statusCode).toBe(404);

    // A room given only the parent sees nothing: a parent without a visible child leads nowhere.
    const parentOnly = await userSeeing([Number(atendimento?.Id)]);
    expect(await menuOf(parentOnly)).toEqual([]);

    // Removing a node from the menu removes it from every room.
    await put(admin, [{ ...atendimento, Menus: [novo] }]);
    expect(await menuOf(user)).toEqual([]);
    expect(cliente.subjectId).toBeGreaterThan(0);
  });

  it('refuses a tree breaking the parent/leaf rules with the spec messages (400)', async () => {
    const res = await put(admin, {
      Menus: [
        { Name: '', Menus: [{ Name: 'Ok', Scenario: 'grid', Subject: 'chamado' }] },
        { Name: '', Scenario: null, Subject: null },
        { Name: 'Filtros vazios', Scenario: 'grid', Subject: 'chamado', Filters: [null] },
        { Name: 'x'.repeat(81), Scenario: 'quadro', Subject: 'chamado' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      { message: 'Máximo de 80 caracteres.', field: 'Menus.3.Name' },
      { message: 'Nome inválido', field: 'Menus.0.Name' },
      { message: 'Preencha o nome', field: 'Menus.1.Name' },
      { message: 'Selecione um cenário', field: 'Menus.1.Scenario' },
      { message: 'Selecione um assunto', field: 'Menus.1.Subject' },
      { message: 'Há campos de filtros vazios', field: 'Menus.2.Filters' },
      { message: 'Cenário desconhecido.', field: 'Menus.3.Scenario' },
    ]);
  });

  it('refuses unknown subjects, templates, filters and ids (422), another company, and non-administrators', async () => {
    const clientFilter = await createTalk(t.app, admin, 'filtro', {
      nome: 'ACME',
      assunto: 'cliente',
      filtro: { condition: 'E', rules: [{ attribute: 'nome', operator: 'contains', value: 'ACME' }] },
    });
    const res = await put(admin, [
      { Name: 'A', Scenario: 'grid', Subject: 'nada' },
      { Name: 'B', Scenario: 'grid', Subject: 'chamado', TemplateId: 99999 },
      // A saved filter of another subject is not a filter of this leaf.
      { Name: 'C', Scenario: 'grid', Subject: 'chamado', Filters: [clientFilter] },
      { Id: 77777, Name: 'D', Scenario: 'grid', Subject: 'chamado' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { message: 'Assunto não encontrado.', field: 'Menus.0.Subject' },
      { message: 'O template não pertence ao assunto do menu.', field: 'Menus.1.TemplateId' },
      { message: 'Filtro não encontrado para o assunto do menu.', field: 'Menus.2.Filters' },
      { message: 'Menu não encontrado.', field: 'Menus.3.Id' },
    ]);
    expect(await menuOf(admin)).toEqual([]);

    const other = await put(admin, [{ Name: 'A', Scenario: 'grid', Subject: 'chamado' }], 2);
    expect(other.statusCode).toBe(403);
    const user = await userSeeing([]);
    expect((await put(user, [{ Name: 'A', Scenario: 'grid', Subject: 'chamado' }])).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/presentation/menu/all/' })).statusCode).toBe(401);
  });

  it('gives administrators of any room the whole menu for the builder; says whether the company has one', async () => {
    const empty = await t.app.inject(as(admin, { method: 'GET', url: '/api/presentation/menu/all/' }));
    expect(empty.json()).toEqual({ Menus: [], configured: false, companyId: 1 });
    const saved = (
      await put(admin, [
        { Name: 'Chamados', Scenario: 'grid', Subject: 'chamado' },
        { Name: 'Clientes', Scenario: 'grid', Subject: 'cliente' },
      ])
    ).json<{ Menus: MenuNode[]; configured: boolean }>();
    expect(saved.configured).toBe(true);
    const [chamados] = saved.Menus;

    // An administrator whose room was given one menu: the side menu shows that one only…
    const otherAdmin = await userSeeing([Number(chamados?.Id)], { isAdmin: true });
    expect(names(await menuOf(otherAdmin))).toEqual(['Chamados']);
    // …while the builder loads every node, so saving it back removes nothing.
    const whole = await t.app.inject(
      as(otherAdmin, { method: 'GET', url: '/api/presentation/menu/all/?scope=company' }),
    );
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toEqual({ Menus: saved.Menus, configured: true, companyId: 1 });
    const back = await put(otherAdmin, whole.json<{ Menus: MenuNode[] }>());
    expect(back.statusCode, back.body).toBe(200);
    expect(names(await menuOf(admin))).toEqual(['Chamados', 'Clientes']);

    // An ordinary user who sees nothing still learns the company has a menu; the whole is not theirs.
    const user = await userSeeing([]);
    const seen = await t.app.inject(as(user, { method: 'GET', url: '/api/presentation/menu/all/' }));
    expect(seen.json()).toEqual({ Menus: [], configured: true, companyId: 1 });
    const refused = await t.app.inject(
      as(user, { method: 'GET', url: '/api/presentation/menu/all/?scope=company' }),
    );
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject(as(admin, { method: 'GET', url: '/api/presentation/menu/all/?scope=x' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('saving a menu never leaves a room without navigation, silently (issue 39 item 1)', () => {
  it('lists the rooms and what they read, and gives the rooms named a new item and its parents', async () => {
    const reader = await userSeeing([]);
    const readers = await t.app.inject(as(admin, { method: 'GET', url: '/api/presentation/menu/readers' }));
    expect(readers.statusCode).toBe(200);
    const rooms = readers.json<{ roomId: number; roomName: string; subjects: string[] }[]>();
    // The administrators' room sees every item already: it is not offered.
    expect(rooms.some((r) => r.roomId === 1)).toBe(false);
    const atendimento = rooms.find((r) => r.roomName === 'Atendimento');
    expect(atendimento?.subjects).toEqual(['chamado']);
    const person = await createPerson(t.app, admin, {});
    const plain = (await login(t.app, person.email, person.password)).token;
    expect(
      (await t.app.inject(as(plain, { method: 'GET', url: '/api/presentation/menu/readers' }))).statusCode,
    ).toBe(403);

    // Without a grant the room sees nothing of the menu (the web then keeps 'Registros').
    const bare = await put(admin, { Menus: [{ Name: 'Chamados', Scenario: 'grid', Subject: 'chamado' }] });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(await menuOf(reader)).toEqual([]);

    const saved = await put(admin, {
      Menus: [
        {
          Id: bare.json<{ Menus: MenuNode[] }>().Menus[0]?.Id,
          Name: 'Chamados',
          Scenario: 'grid',
          Subject: 'chamado',
        },
        {
          Name: 'Atendimento',
          Menus: [{ Name: 'Abertos', Scenario: 'grid', Subject: 'chamado', Rooms: [atendimento?.roomId] }],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The new leaf and the parent above it; not the item saved before without the room.
    expect(names(await menuOf(reader))).toEqual([{ Atendimento: ['Abertos'] }]);

    const unknown = await put(admin, {
      Menus: [{ Name: 'Outro', Scenario: 'grid', Subject: 'chamado', Rooms: [999999] }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toContainEqual({
      message: 'Perfil de acesso não encontrado.',
      field: 'Menus.0.Rooms',
    });
  });

  it('tells open sessions when the menu or a room changes, so side menus reload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const reader = await userSeeing([]);
    const messages: { event: string }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/websocket?access_token=${reader}`);
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as { event: string }));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    const until = async (n: number) => {
      const end = Date.now() + 3000;
      while (messages.filter((m) => m.event === 'MenuChanged').length < n) {
        if (Date.now() > end) throw new Error('MenuChanged não chegou');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    expect(
      (await put(admin, { Menus: [{ Name: 'Chamados', Scenario: 'grid', Subject: 'chamado' }] })).statusCode,
    ).toBe(200);
    await until(1);
    const rooms = (await t.app.inject(as(admin, { method: 'GET', url: '/api/room?term=Atendimento' }))).json<{
      itens: { roomId: number }[];
    }>();
    const roomId = rooms.itens[0]?.roomId;
    const detail = (await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))).json<{
      roomName: string;
      subjects: unknown[];
    }>();
    const update = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${roomId}`,
        payload: { roomName: detail.roomName, permissions: { subjects: detail.subjects, menus: [] } },
      }),
    );
    expect(update.statusCode, update.body).toBeLessThan(300);
    await until(2);
    ws.close();
  });
});

describe('a menu item’s saved filter applies through the item (issue 39 item 2)', () => {
  it('applies for a room that may not read `filtro`, only for the item’s own filters and only when it sees the item', async () => {
    await createTalk(t.app, admin, 'chamado', { titulo: 'Urgente', prioridade: 1 });
    await createTalk(t.app, admin, 'chamado', { titulo: 'Tranquilo', prioridade: 5 });
    const abertos = await createTalk(t.app, admin, 'filtro', {
      nome: 'Abertos',
      assunto: 'chamado',
      filtro: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'less', value: 3 }] },
    });
    const outro = await createTalk(t.app, admin, 'filtro', {
      nome: 'Outro',
      assunto: 'chamado',
      filtro: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'greater', value: 3 }] },
    });
    const saved = await put(admin, {
      Menus: [
        { Name: 'Abertos', Scenario: 'grid', Subject: 'chamado', Filters: [abertos] },
        { Name: 'Escondido', Scenario: 'grid', Subject: 'chamado', Filters: [outro] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [item, hidden] = saved.json<{ Menus: MenuNode[] }>().Menus;
    // The room reads tickets, not `filtro`, and is given the first item only.
    const reader = await userSeeing([item?.Id ?? 0]);
    const filter = (payload: Record<string, unknown>) =>
      t.app.inject(as(reader, { method: 'POST', url: '/api/talk/filter/chamado', payload }));

    const all = await filter({ page: 1, fetch: 50 });
    expect(all.json<{ totalResults: number }>().totalResults).toBe(2);
    // Its own read of `filtro` finds nothing: the same 400 as before.
    const own = await filter({ page: 1, fetch: 50, filterIds: [abertos] });
    expect(own.statusCode).toBe(400);
    expect(errorsOf(own)).toContainEqual({ message: 'Filtro salvo não encontrado.', field: 'filterIds' });

    const viaItem = await filter({ page: 1, fetch: 50, filterIds: [abertos], menuId: item?.Id });
    expect(viaItem.statusCode, viaItem.body).toBe(200);
    const rows = viaItem.json<{ totalResults: number; itens: { talkId: number }[] }>();
    expect(rows.totalResults).toBe(1);

    // A filter the item does not carry, or an item the room does not see, opens nothing.
    expect((await filter({ page: 1, fetch: 50, filterIds: [outro], menuId: item?.Id })).statusCode).toBe(400);
    expect((await filter({ page: 1, fetch: 50, filterIds: [outro], menuId: hidden?.Id })).statusCode).toBe(
      400,
    );
    // Nor on another subject.
    const other = await t.app.inject(
      as(reader, {
        method: 'POST',
        url: '/api/talk/filter/cliente',
        payload: { page: 1, fetch: 50, filterIds: [abertos], menuId: item?.Id },
      }),
    );
    expect(other.statusCode).not.toBe(200);
  });
});
