import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
