import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Dashboard, DashboardSummary, DashboardWrite } from '@talkbase/domain/contracts/dashboards';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import { ATTRIBUTE_NO_ACTION } from '../../access/access-policy.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';

/**
 * Dashboards (issue 38 item 4): personal ones and the company's published to rooms, who may see
 * and change which, one home per user, and widgets checked as their writer would ask them.
 */

let t: TestApp;
let admin: string;
let agent: string;
let other: string;
let roomId: number;
let filterId: number;
let otherFilterId: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));
const create = async (token: string, body: DashboardWrite) => {
  const res = await call(token, 'POST', '/api/dashboard', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Dashboard>();
};
const listOf = async (token: string) =>
  (await call(token, 'GET', '/api/dashboard')).json<DashboardSummary[]>().map((d) => d.name);

const widget = (more: Record<string, unknown> = {}) => ({
  key: 'w1',
  title: 'Por situação',
  kind: 'bar' as const,
  subject: 'ocorrencia',
  groupBy: [{ attribute: 'situacao' }],
  ...more,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'situacao',
      name: 'Situação',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    },
    {
      identifier: 'ocorrencia',
      name: 'Ocorrência',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
        { identifier: 'situacao', name: 'Situação', componentId: 4, relatedSubject: 'situacao' },
        { identifier: 'segredo', name: 'Segredo', componentId: 3 },
      ],
    },
    {
      identifier: 'outro',
      name: 'Outro',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    },
  ]) {
    const res = await call(admin, 'POST', '/api/subject', payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  const tree = { condition: 'E', rules: [{ attribute: 'titulo', operator: 'contains', value: 'a' }] };
  filterId = await createTalk(t.app, admin, 'filtro', { nome: 'Com a', assunto: 'ocorrencia', filtro: tree });
  otherFilterId = await createTalk(t.app, admin, 'filtro', {
    nome: 'De outro',
    assunto: 'outro',
    filtro: { attribute: 'nome', operator: 'contains', value: 'a' },
  });
  const ocorrencia = await subjectIds(t.app, admin, 'ocorrencia');
  const situacao = await subjectIds(t.app, admin, 'situacao');
  const filtro = await subjectIds(t.app, admin, 'filtro');
  roomId = await createRoom(t.app, admin, {
    roomName: 'Atendimento',
    permissions: {
      subjects: [
        { resourceId: ocorrencia.id, actions: ['read'] },
        { resourceId: situacao.id, actions: ['read'] },
        { resourceId: filtro.id, actions: ['read'] },
      ],
    },
  });
  await setRoomAttributeActions(t.db.kysely, 1, roomId, ocorrencia.attr.segredo ?? 0, [ATTRIBUTE_NO_ACTION]);
  const a = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, a.email, a.password)).token;
  const b = await createPerson(t.app, admin, { roomId });
  other = (await login(t.app, b.email, b.password)).token;
});

afterAll(async () => {
  await t.close();
});

describe('personal dashboards', () => {
  it('are their owner’s only: another user can neither list, read, change nor delete them', async () => {
    const mine = await create(agent, { name: 'Meu painel', widgets: [widget({ filterId })] });
    expect(mine).toMatchObject({ name: 'Meu painel', roomIds: [], isHome: false, canEdit: true, version: 1 });
    expect(mine.widgets).toEqual([
      expect.objectContaining({ key: 'w1', filterId, filterJson: null, measure: { fn: 'count' }, width: 4 }),
    ]);
    expect(await listOf(agent)).toContain('Meu painel');
    expect(await listOf(other)).not.toContain('Meu painel');
    const url = `/api/dashboard/${String(mine.dashboardId)}`;
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'PUT', url, { name: 'Meu agora' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    // Administrators neither: a personal dashboard is its owner's.
    expect((await call(admin, 'GET', url)).statusCode).toBe(404);

    const changed = await call(agent, 'PUT', url, { name: 'Renomeado', version: 1, widgets: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Dashboard>()).toMatchObject({ name: 'Renomeado', version: 2, widgets: [] });
    const stale = await call(agent, 'PUT', url, { name: 'Antigo', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call(agent, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(agent, 'GET', url)).statusCode).toBe(404);
  });

  it('one home per user: setting another home unsets the previous one', async () => {
    const first = await create(other, { name: 'Início 1', isHome: true });
    const second = await create(other, { name: 'Início 2', isHome: true });
    const homes = (await call(other, 'GET', '/api/dashboard'))
      .json<DashboardSummary[]>()
      .filter((d) => d.isHome)
      .map((d) => d.dashboardId);
    expect(homes).toEqual([second.dashboardId]);
    const back = await call(other, 'PUT', `/api/dashboard/${String(first.dashboardId)}`, {
      name: 'Início 1',
      isHome: true,
    });
    expect(back.statusCode).toBe(200);
    const after = (await call(other, 'GET', '/api/dashboard')).json<DashboardSummary[]>();
    expect(after.filter((d) => d.isHome).map((d) => d.dashboardId)).toEqual([first.dashboardId]);
  });
});

describe('company dashboards', () => {
  it('only administrators publish them to rooms; the rooms read them without changing them', async () => {
    const refused = await call(agent, 'POST', '/api/dashboard', { name: 'Da empresa', roomIds: [roomId] });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe(
      'Somente administradores publicam painéis para perfis de acesso.',
    );

    const published = await create(admin, { name: 'Suporte geral', roomIds: [roomId], widgets: [widget()] });
    expect(published).toMatchObject({ ownerId: null, roomIds: [roomId], canEdit: true });
    const url = `/api/dashboard/${String(published.dashboardId)}`;
    expect(await listOf(agent)).toContain('Suporte geral');
    const seen = await call(agent, 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Dashboard>().canEdit).toBe(false);
    expect((await call(agent, 'PUT', url, { name: 'Meu', roomIds: [roomId] })).statusCode).toBe(403);
    expect((await call(agent, 'DELETE', url)).statusCode).toBe(403);

    // Published elsewhere only: gone for the room.
    const elsewhere = await createRoom(t.app, admin, { roomName: 'Financeiro' });
    const moved = await call(admin, 'PUT', url, { name: 'Suporte geral', roomIds: [elsewhere] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(agent, 'GET', url)).statusCode).toBe(404);
    expect(await listOf(agent)).not.toContain('Suporte geral');

    const unknownRoom = await call(admin, 'POST', '/api/dashboard', { name: 'X', roomIds: [987654] });
    expect(unknownRoom.statusCode).toBe(422);
    expect(errorsOf(unknownRoom)).toEqual([
      { message: 'Perfil de acesso não encontrado.', field: 'roomIds.0' },
    ]);
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(204);
  });
});

describe('widgets', () => {
  it('are checked as their writer would ask them, naming the widget (422)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [widget({ subject: 'naoexiste' }), 'widgets.0.subject', 'Indicador "Por situação": '],
      [
        widget({ filterId: otherFilterId }),
        'widgets.0.filterId',
        'Indicador "Por situação": O filtro salvo De outro é de outro assunto.',
      ],
      [
        widget({ filterId: 999999 }),
        'widgets.0.filterId',
        'Indicador "Por situação": Filtro salvo não encontrado.',
      ],
      [
        widget({ groupBy: [{ attribute: 'segredo' }] }),
        'widgets.0.groupBy',
        'Indicador "Por situação": Campo desconhecido ou sem acesso: segredo.',
      ],
      [
        widget({ measure: { fn: 'sum', attribute: 'titulo' } }),
        'widgets.0.measure',
        'Indicador "Por situação": Não é possível somar ou calcular médias do campo Título.',
      ],
      [
        widget({ filterJson: { attribute: 'segredo', operator: 'equal', value: 1 } }),
        'widgets.0.filterJson',
        'Indicador "Por situação": ',
      ],
    ];
    for (const [w, field, message] of cases) {
      const res = await call(agent, 'POST', '/api/dashboard', { name: 'Com erro', widgets: [w] });
      expect(res.statusCode, JSON.stringify(w)).toBe(422);
      const [error] = errorsOf(res);
      expect(error?.field).toBe(field);
      expect(error?.message.startsWith(message), error?.message).toBe(true);
    }
    // What the agent may not read, the administrator may: the same widget is fine for it.
    await create(admin, {
      name: 'Do administrador',
      widgets: [widget({ groupBy: [{ attribute: 'segredo' }] })],
    });
  });
});

describe('real time', () => {
  it('tells the owner’s sessions of a personal dashboard, and the company’s of a company one', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = async (token: string) => {
      const ws = new WebSocket(
        `ws://127.0.0.1:${String(port)}/websocket?access_token=${encodeURIComponent(token)}`,
      );
      const got: { event: string; data: { dashboardId?: number } }[] = [];
      ws.on('message', (data: Buffer) => got.push(JSON.parse(data.toString('utf8')) as (typeof got)[number]));
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      return { ws, got };
    };
    const until = async (check: () => boolean) => {
      const end = Date.now() + 3000;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };
    const changes = (got: { event: string; data: { dashboardId?: number } }[]) =>
      got.filter((m) => m.event === 'DashboardChanged').map((m) => m.data.dashboardId);
    const mine = await open(agent);
    const theirs = await open(other);
    try {
      const personal = await create(other, { name: 'Só meu' });
      const company = await create(admin, { name: 'Para todos', roomIds: [roomId] });
      await until(() => changes(mine.got).includes(company.dashboardId));
      await until(() => changes(theirs.got).includes(company.dashboardId));
      expect(changes(theirs.got)).toEqual([personal.dashboardId, company.dashboardId]);
      // The agent hears of the company dashboard, never of another person's own.
      expect(changes(mine.got)).toEqual([company.dashboardId]);
    } finally {
      mine.ws.close();
      theirs.ws.close();
    }
  });
});
