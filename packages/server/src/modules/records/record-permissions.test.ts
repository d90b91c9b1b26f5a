import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { FileUploadAnswer } from '@talkbase/domain/contracts/files';
import { createIntegration, createRoom, expiredToken, updateRoom } from '../../test/actors.ts';
import { expectErrorAnswer } from '../../test/error-answers.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk, valuesOf } from '../../test/records.ts';
import { png, uploadTo } from '../files/files-test-helpers.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import type { ApiTalk } from './record-presenter.ts';

/**
 * Every talk call of spec 002 §7 as every kind of caller, one cell per (call × actor):
 * - admin: room 1, every action, every row;
 * - agent: an ordinary user whose room may read and create pedidos, but not change, delete or
 *   deactivate them, and may not read chamados at all;
 * - customer: room 1196, every action on pedidos but delimited to those of the client ACME
 *   (a filter), and to ACME itself among the clients (a list of ids);
 * - integration: an account of type 2 whose room may do everything but delete;
 * - anonymous (no token) and expired (a real session, a good signature, an expiry in the past).
 * A row outside a delimitation, and a subject the room may not read, must not exist for the caller:
 * the same answer, word for word, as for one that does not exist.
 */

const ROUTES = [
  'POST /api/talk/filter/:subject',
  'GET /api/talk/:subject/:talkId',
  'GET /api/talk/:subject/:talkId/timeline',
  'POST /api/talk/:subject',
  'PUT /api/talk/:subject/:talkId',
  'DELETE /api/talk/:subject',
  'POST /api/talk/batchDeactivate/:subject',
  'POST /api/talk/batchActivate/:subject',
  'GET /api/SubjectAttribute/related/:attributeId',
  'GET /api/talk/:subject',
  'GET /api/value/file/:subject/:talkId/:attributeId',
  'GET /api/value/file/:subject/:talkId/:attributeId/:fileId',
] as const;

const ACTORS = ['admin', 'agent', 'customer', 'integration', 'anonymous', 'expired'] as const;
type Actor = (typeof ACTORS)[number];
/** Expected status for [admin, agent, customer, integration, anonymous, expired]. */
type Statuses = readonly [number, number, number, number, number, number];

interface Request extends InjectOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Rows the call would change: a refused call must leave them exactly as they were. */
  touches?: { subject: string; talkIds: number[] };
  /** The subject a create adds to: a refused one must add nothing. */
  adds?: string;
}

interface Call {
  /** The route as registered, e.g. 'GET /api/talk/:subject/:talkId'. */
  route: (typeof ROUTES)[number];
  name: string;
  statuses: Statuses;
  /** Builds the request; rows it changes are made fresh (as the administrator) for each cell. */
  request: () => Promise<Request>;
  /**
   * The same call on something that does not exist at all. Where the caller is refused, its answer
   * must be this one's, word for word: nothing tells an unreadable thing from a missing one. Every
   * cell expecting 404 or 422 needs one.
   */
  twin?: (req: Request) => Request;
  /** The message of the 403, where one is expected. */
  forbidden?: string;
  /** What a successful answer must say. */
  ok?: (res: LightMyRequestResponse, actor: Actor, req: Request) => Promise<void> | void;
}

type Page = { itens: ApiTalk[]; totalResults: number; currentPage: number };

const MISSING = 999_999;
const UNAUTHORIZED = 'Sessão expirada ou inválida. Por favor, realize o login novamente.';
const notAllowed = (verb: string) => `Você não tem permissão para ${verb} registros de Pedido.`;
const SIGNED_IN = [200, 200, 200, 200, 401, 401] as const;

let t: TestApp;
const tokens = {} as Record<Actor, string | undefined>;
let acme: number;
let outra: number;
let pedido: { id: number; attr: Record<string, number> };
let chamado: { id: number; attr: Record<string, number> };
/** Rows that only read calls use: they never change. */
let inside: number;
let outside: number;
let insideOff: number;
let outsideOff: number;
let secret: number;
let savedFilter: number;
let insideFile: { url: string; data: Buffer };
let outsideFile: { url: string; data: Buffer };

const adminToken = () => tokens.admin ?? '';
const send = (actor: Actor, req: InjectOptions) => {
  const token = tokens[actor];
  return t.app.inject(token ? as(token, req) : req);
};
const adminGet = (subject: string, id: number) =>
  send('admin', { method: 'GET', url: `/api/talk/${subject}/${id}` });
const adminPage = async (subject: string, body: Record<string, unknown> = {}) => {
  const res = await send('admin', { method: 'POST', url: `/api/talk/filter/${subject}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const insideTree = () => ({ attribute: 'cliente', operator: 'equal', value: acme });
const newPedido = (cliente: number | null, titulo = 'Pedido novo') =>
  createTalk(t.app, adminToken(), 'pedido', { titulo, cliente, valor: 10 });
const pedidoFile = (talkId: number) => `/api/value/file/pedido/${talkId}/${pedido.attr.anexos}`;
const withId = (url: string, from: number) => url.replace(`/${from}`, `/${MISSING}`);
const newChamado = (titulo: string) => createTalk(t.app, adminToken(), 'chamado', { titulo });

/** A read of `url`, built when the cell runs (the ids it names are made in beforeAll). */
const get = (url: () => string) => (): Promise<Request> => Promise.resolve({ method: 'GET', url: url() });
/** A body's `talkValues`, from attribute identifiers to values. */
const talkValues = (values: Record<string, unknown>) => ({
  talkValues: Object.entries(values).map(([subjectAttributeIdentifier, value]) => ({
    subjectAttributeIdentifier,
    value,
  })),
});
/** A create of a row with `values()` (built when the cell runs): the subject it adds to. */
const post = (subject: string, values: () => Record<string, unknown>) => (): Promise<Request> =>
  Promise.resolve({
    method: 'POST',
    url: `/api/talk/${subject}`,
    adds: subject,
    payload: talkValues(values()),
  });
/** A PUT of `payload()` on a row `make` creates afresh for each cell: the row it touches. */
const putFresh =
  (subject: string, make: () => Promise<number>, payload: () => Record<string, unknown>) =>
  async (): Promise<Request> => {
    const id = await make();
    return {
      method: 'PUT',
      url: `/api/talk/${subject}/${id}`,
      touches: { subject, talkIds: [id] },
      payload: payload(),
    };
  };
/** A call whose body is `{ talkIds }`, on rows `make` creates afresh for each cell: the rows it touches. */
const onFreshIds =
  (method: 'POST' | 'DELETE', url: string, subject: string, make: () => Promise<number[]>) =>
  async (): Promise<Request> => {
    const talkIds = await make();
    return { method, url, touches: { subject, talkIds }, payload: { talkIds } };
  };

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = (await login(t.app)).token;
  const admin = adminToken();
  await createCrm(t.app, admin);
  const created = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'pedido',
        name: 'Pedido',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
          { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
          { identifier: 'valor', name: 'Valor', componentId: 3, isOrderable: true },
          { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
        ],
      },
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  pedido = await subjectIds(t.app, admin, 'pedido');
  chamado = await subjectIds(t.app, admin, 'chamado');
  const cliente = await subjectIds(t.app, admin, 'cliente');

  acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
  outra = await createTalk(t.app, admin, 'cliente', { nome: 'Outra Empresa' });
  inside = await createTalk(t.app, admin, 'pedido', { titulo: 'Pedido ACME alfa', cliente: acme, valor: 1 });
  outside = await createTalk(t.app, admin, 'pedido', {
    titulo: 'Pedido sigiloso da Outra',
    cliente: outra,
    valor: 99,
  });
  insideOff = await newPedido(acme, 'Pedido ACME arquivado');
  outsideOff = await newPedido(outra, 'Pedido sigiloso arquivado');
  const off = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/talk/batchDeactivate/pedido',
      payload: { talkIds: [insideOff, outsideOff] },
    }),
  );
  expect(off.statusCode, off.body).toBe(200);
  secret = await createTalk(t.app, admin, 'chamado', { titulo: 'Chamado interno', cliente: acme });
  savedFilter = await createTalk(t.app, admin, 'filtro', {
    nome: 'Sigilosos',
    assunto: 'pedido',
    filtro: { attribute: 'titulo', operator: 'contains', value: 'sigiloso' },
  });
  const upload = async (talkId: number) => {
    const data = png(3);
    const res = await uploadTo(t.app, admin, pedidoFile(talkId), [{ name: `nota-${talkId}.png`, data }]);
    expect(res.statusCode, res.body).toBe(201);
    return { url: res.json<FileUploadAnswer>().files[0]?.url ?? '', data };
  };
  insideFile = await upload(inside);
  outsideFile = await upload(outside);

  const agentRoom = await createRoom(t.app, admin, {
    roomName: 'Atendimento',
    permissions: {
      subjects: [
        { resourceId: pedido.id, actions: ['read', 'create'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  const integrationRoom = await createRoom(t.app, admin, {
    roomName: 'Integração',
    permissions: {
      subjects: [
        { resourceId: pedido.id, actions: ['read', 'create', 'update', 'deactivate'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  await updateRoom(t.app, admin, CUSTOMER_ROOM_ID, {
    roomName: 'Clientes',
    permissions: {
      subjects: [
        {
          resourceId: pedido.id,
          actions: ['read', 'create', 'update', 'delete', 'deactivate'],
          filter: { condition: 'E', rules: [insideTree()] },
        },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
    sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
  });
  const agent = await createPerson(t.app, admin, { roomId: agentRoom });
  tokens.agent = (await login(t.app, agent.email, agent.password)).token;
  const customer = await createPerson(t.app, admin, { roomId: CUSTOMER_ROOM_ID });
  tokens.customer = (await login(t.app, customer.email, customer.password)).token;
  tokens.integration = (await createIntegration(t.app, admin, integrationRoom)).token;
  tokens.anonymous = undefined;
  tokens.expired = await expiredToken(t, admin);
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** Every filter answer a customer gets holds ACME's pedidos only, and counts only those. */
async function expectFilterPage(
  res: LightMyRequestResponse,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<Page> {
  const page = res.json<Page>();
  const all = await adminPage('pedido', body);
  const mine = await adminPage('pedido', {
    ...body,
    filterJson: body.filterJson ? { condition: 'E', rules: [body.filterJson, insideTree()] } : insideTree(),
  });
  expect(page.itens).toHaveLength(page.totalResults);
  if (actor === 'customer') {
    expect(page.totalResults).toBe(mine.totalResults);
    expect(page.itens.map((i) => i.talkId)).toEqual(mine.itens.map((i) => i.talkId));
  } else {
    expect(page.totalResults).toBe(all.totalResults);
    expect(page.itens.map((i) => i.talkId)).toEqual(all.itens.map((i) => i.talkId));
  }
  return page;
}

const filterCall = (name: string, body: () => Record<string, unknown>, ok?: Call['ok']): Call => ({
  route: 'POST /api/talk/filter/:subject',
  name,
  statuses: SIGNED_IN,
  request: () => Promise.resolve({ method: 'POST', url: '/api/talk/filter/pedido', payload: body() }),
  ok: async (res, actor, req) => {
    await expectFilterPage(res, actor, req.payload as Record<string, unknown>);
    await ok?.(res, actor, req);
  },
});
const ids = (res: LightMyRequestResponse) => res.json<Page>().itens.map((i) => i.talkId);

const calls: Call[] = [
  // Reads: POST /api/talk/filter/{subject}
  filterCall(
    'filter pedido, ordered by valor, every row',
    () => ({ fetch: 1000, order: { attribute: 'valor', direction: 0 } }),
    async (res, actor) => {
      // The delimitation does hide rows: the customer's page is strictly smaller.
      const all = await adminPage('pedido', { fetch: 1 });
      if (actor === 'customer') expect(res.json<Page>().totalResults).toBeLessThan(all.totalResults);
      expect(ids(res)).toContain(inside);
    },
  ),
  filterCall(
    'filter pedido by a term only rows outside the delimitation hold',
    () => ({ term: 'sigiloso' }),
    (res, actor) => {
      if (actor === 'customer') expect(ids(res)).toEqual([]);
      else expect(ids(res)).toContain(outside);
    },
  ),
  filterCall(
    'filter pedido by the id of a row outside the delimitation',
    () => ({ filterJson: { attribute: 'id', operator: 'equal', value: outside } }),
    (res, actor) => expect(ids(res)).toEqual(actor === 'customer' ? [] : [outside]),
  ),
  filterCall(
    'filter pedido, inactive rows',
    () => ({ isActive: false, fetch: 1000 }),
    (res, actor) => {
      expect(ids(res)).toContain(insideOff);
      if (actor === 'customer') expect(ids(res)).not.toContain(outsideOff);
      else expect(ids(res)).toContain(outsideOff);
    },
  ),
  filterCall(
    'filter pedido by talkParent, a client outside the delimitation',
    () => ({ talkParent: { subjectAttributeId: pedido.attr.cliente, talkId: outra } }),
    (res, actor) => {
      if (actor === 'customer') expect(ids(res)).toEqual([]);
      else expect(ids(res)).toContain(outside);
    },
  ),
  {
    route: 'POST /api/talk/filter/:subject',
    name: 'filter pedido by a saved filter only the administrator reads',
    // Saved filters are records of `filtro`, which only room 1 reads: for the others it does not exist.
    statuses: [200, 400, 400, 400, 401, 401],
    request: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/talk/filter/pedido',
        payload: { filterIds: [savedFilter] },
      }),
    twin: (req) => ({ ...req, payload: { filterIds: [MISSING] } }),
    ok: (res) => {
      expect(ids(res)).toContain(outside);
      expect(ids(res)).not.toContain(inside);
    },
  },
  {
    route: 'POST /api/talk/filter/:subject',
    name: 'filter chamado (a subject only the administrator reads)',
    statuses: [200, 404, 404, 404, 401, 401],
    request: () => Promise.resolve({ method: 'POST', url: '/api/talk/filter/chamado', payload: {} }),
    twin: (req) => ({ ...req, url: '/api/talk/filter/naoexiste' }),
    ok: (res) => expect(ids(res)).toEqual([secret]),
  },

  // Reads: GET /api/talk/{subject}/{id} and its timeline
  {
    route: 'GET /api/talk/:subject/:talkId',
    name: 'GET pedido inside the delimitation',
    statuses: SIGNED_IN,
    request: get(() => `/api/talk/pedido/${inside}`),
    ok: (res, actor) => {
      const talk = res.json<ApiTalk>();
      expect(talk).toMatchObject({ talkId: inside, displayName: 'Pedido ACME alfa' });
      // The agent may not change pedidos: the record says so.
      expect(talk.isReadOnly).toBe(actor === 'agent');
      expect(talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')).toMatchObject({
        value: acme,
        displayValue: 'ACME',
      });
    },
  },
  {
    route: 'GET /api/talk/:subject/:talkId',
    name: 'GET pedido outside the delimitation',
    statuses: [200, 200, 404, 200, 401, 401],
    request: get(() => `/api/talk/pedido/${outside}`),
    twin: (req) => ({ ...req, url: withId(req.url, outside) }),
    ok: (res) => expect(res.json<ApiTalk>().talkId).toBe(outside),
  },
  {
    route: 'GET /api/talk/:subject/:talkId',
    name: 'GET pedido that does not exist',
    statuses: [404, 404, 404, 404, 401, 401],
    request: get(() => `/api/talk/pedido/${MISSING}`),
    twin: (req) => req,
  },
  {
    route: 'GET /api/talk/:subject/:talkId',
    name: 'GET chamado',
    statuses: [200, 404, 404, 404, 401, 401],
    request: get(() => `/api/talk/chamado/${secret}`),
    twin: () => ({ method: 'GET', url: `/api/talk/naoexiste/${secret}` }),
    ok: (res) => expect(res.json<ApiTalk>().displayName).toBe('Chamado interno'),
  },
  {
    route: 'GET /api/talk/:subject/:talkId/timeline',
    name: 'GET pedido timeline inside the delimitation',
    statuses: SIGNED_IN,
    request: get(() => `/api/talk/pedido/${inside}/timeline`),
    ok: (res) =>
      expect(res.json<{ itens: { action: string }[] }>().itens.at(-1)).toMatchObject({ action: 'created' }),
  },
  {
    route: 'GET /api/talk/:subject/:talkId/timeline',
    name: 'GET pedido timeline outside the delimitation',
    statuses: [200, 200, 404, 200, 401, 401],
    request: get(() => `/api/talk/pedido/${outside}/timeline`),
    twin: (req) => ({ ...req, url: withId(req.url, outside) }),
  },
  {
    route: 'GET /api/talk/:subject/:talkId/timeline',
    name: 'GET chamado timeline',
    statuses: [200, 404, 404, 404, 401, 401],
    request: get(() => `/api/talk/chamado/${secret}/timeline`),
    twin: () => ({ method: 'GET', url: `/api/talk/naoexiste/${secret}/timeline` }),
  },

  // Writes: POST /api/talk/{subject}
  {
    route: 'POST /api/talk/:subject',
    name: 'POST pedido for ACME',
    statuses: [201, 201, 201, 201, 401, 401],
    request: post('pedido', () => ({ titulo: 'Pedido pela API', cliente: acme })),
    ok: async (res, actor) => {
      const { resourceId } = res.json<{ resourceId: number }>();
      expect(res.headers.location).toBe(`/context/talk/pedido/${resourceId}`);
      // The new row is there, and the one who made it can read it back.
      expect((await send(actor, { method: 'GET', url: `/api/talk/pedido/${resourceId}` })).statusCode).toBe(
        200,
      );
    },
  },
  {
    route: 'POST /api/talk/:subject',
    name: 'POST pedido pointing to a client outside the delimitation',
    statuses: [201, 201, 422, 201, 401, 401],
    request: post('pedido', () => ({ titulo: 'Pedido para outra', cliente: outra })),
    twin: (req) => ({ ...req, payload: talkValues({ titulo: 'Pedido para outra', cliente: MISSING }) }),
  },
  {
    route: 'POST /api/talk/:subject',
    name: 'POST chamado',
    statuses: [201, 404, 404, 404, 401, 401],
    request: post('chamado', () => ({ titulo: 'Novo chamado' })),
    twin: (req) => ({ ...req, url: '/api/talk/naoexiste' }),
  },

  // Writes: PUT /api/talk/{subject}/{id}
  {
    route: 'PUT /api/talk/:subject/:talkId',
    name: 'PUT pedido inside the delimitation',
    statuses: [200, 403, 200, 200, 401, 401],
    forbidden: notAllowed('alterar'),
    request: putFresh(
      'pedido',
      () => newPedido(acme),
      () => ({ version: 1, ...talkValues({ titulo: 'Alterado' }) }),
    ),
    ok: (res) => expect(res.json<ApiTalk>()).toMatchObject({ version: 2, displayName: 'Alterado' }),
  },
  {
    route: 'PUT /api/talk/:subject/:talkId',
    name: 'PUT pedido outside the delimitation',
    statuses: [200, 403, 404, 200, 401, 401],
    forbidden: notAllowed('alterar'),
    request: putFresh(
      'pedido',
      () => newPedido(outra),
      () => talkValues({ titulo: 'Alterado' }),
    ),
    twin: (req) => ({ ...req, url: `/api/talk/pedido/${MISSING}` }),
    ok: (res) => expect(res.json<ApiTalk>()).toMatchObject({ version: 2, displayName: 'Alterado' }),
  },
  {
    route: 'PUT /api/talk/:subject/:talkId',
    name: 'PUT pedido, moving it to a client outside the delimitation',
    statuses: [200, 403, 422, 200, 401, 401],
    forbidden: notAllowed('alterar'),
    request: putFresh(
      'pedido',
      () => newPedido(acme),
      () => talkValues({ cliente: outra }),
    ),
    twin: (req) => ({ ...req, payload: talkValues({ cliente: MISSING }) }),
    ok: (res) => expect(valuesOf(res.json<ApiTalk>()).cliente).toBe(outra),
  },
  {
    route: 'PUT /api/talk/:subject/:talkId',
    name: 'PUT chamado',
    statuses: [200, 404, 404, 404, 401, 401],
    request: putFresh(
      'chamado',
      () => newChamado('Chamado a alterar'),
      () => talkValues({ titulo: 'Alterado' }),
    ),
    twin: (req) => ({ ...req, url: req.url.replace('/chamado/', '/naoexiste/') }),
  },

  // Writes: DELETE /api/talk/{subject} {talkIds}
  {
    route: 'DELETE /api/talk/:subject',
    name: 'DELETE pedido inside the delimitation',
    statuses: [200, 403, 200, 403, 401, 401],
    forbidden: notAllowed('excluir'),
    request: onFreshIds('DELETE', '/api/talk/pedido', 'pedido', async () => [await newPedido(acme)]),
    ok: async (res, _actor, req) => {
      expect(res.json()).toEqual({ deleted: 1 });
      expect((await adminGet('pedido', req.touches?.talkIds[0] ?? 0)).statusCode).toBe(404);
    },
  },
  {
    route: 'DELETE /api/talk/:subject',
    name: 'DELETE pedido outside the delimitation, alone and beside one inside',
    statuses: [200, 403, 404, 403, 401, 401],
    forbidden: notAllowed('excluir'),
    request: onFreshIds('DELETE', '/api/talk/pedido', 'pedido', async () => {
      const mine = await newPedido(acme);
      const theirs = await newPedido(outra);
      return [mine, theirs];
    }),
    twin: (req) => ({ ...req, payload: { talkIds: [MISSING] } }),
    ok: (res) => expect(res.json()).toEqual({ deleted: 2 }),
  },
  {
    route: 'DELETE /api/talk/:subject',
    name: 'DELETE chamado',
    statuses: [200, 404, 404, 404, 401, 401],
    request: onFreshIds('DELETE', '/api/talk/chamado', 'chamado', async () => [
      await newChamado('Chamado a excluir'),
    ]),
    twin: (req) => ({ ...req, url: '/api/talk/naoexiste' }),
  },

  // Writes: POST /api/talk/batchDeactivate/{subject} and batchActivate
  ...(['batchDeactivate', 'batchActivate'] as const).flatMap((path): Call[] => {
    const active = path === 'batchActivate';
    // Activation is tried on an inactive row, deactivation on an active one.
    const fresh = (subject: string, make: () => Promise<number>) =>
      onFreshIds('POST', `/api/talk/${path}/${subject}`, subject, async () => {
        const id = await make();
        if (active)
          await send('admin', {
            method: 'POST',
            url: `/api/talk/batchDeactivate/${subject}`,
            payload: { talkIds: [id] },
          });
        return [id];
      });
    const ok: Call['ok'] = async (res, _actor, req) => {
      expect(res.json()).toEqual({ changed: 1 });
      const after = await adminGet('pedido', req.touches?.talkIds[0] ?? 0);
      expect(after.json<ApiTalk>().isActive).toBe(active);
    };
    return [
      {
        route: `POST /api/talk/${path}/:subject` as const,
        name: `${path} pedido inside the delimitation`,
        statuses: [200, 403, 200, 200, 401, 401],
        forbidden: notAllowed('ativar ou desativar'),
        request: fresh('pedido', () => newPedido(acme)),
        ok,
      },
      {
        route: `POST /api/talk/${path}/:subject` as const,
        name: `${path} pedido outside the delimitation`,
        statuses: [200, 403, 404, 200, 401, 401],
        forbidden: notAllowed('ativar ou desativar'),
        request: fresh('pedido', () => newPedido(outra)),
        twin: (req) => ({ ...req, payload: { talkIds: [MISSING] } }),
        ok,
      },
      {
        route: `POST /api/talk/${path}/:subject` as const,
        name: `${path} chamado`,
        statuses: [200, 404, 404, 404, 401, 401],
        request: fresh('chamado', () => newChamado('Chamado')),
        twin: (req) => ({ ...req, url: `/api/talk/${path}/naoexiste` }),
      },
    ];
  }),

  // GET /api/SubjectAttribute/related/{attrId}
  {
    route: 'GET /api/SubjectAttribute/related/:attributeId',
    name: 'related options of pedido.cliente',
    statuses: SIGNED_IN,
    request: get(() => `/api/SubjectAttribute/related/${pedido.attr.cliente}`),
    ok: (res, actor) => {
      const page = res.json<{ itens: { id: number; name: string }[]; totalResults: number }>();
      expect(page.itens.map((o) => o.name)).toEqual(
        actor === 'customer' ? ['ACME'] : ['ACME', 'Outra Empresa'],
      );
      expect(page.totalResults).toBe(page.itens.length);
    },
  },
  {
    route: 'GET /api/SubjectAttribute/related/:attributeId',
    name: 'related options of pedido.cliente, searching a client outside the delimitation',
    statuses: SIGNED_IN,
    request: get(() => `/api/SubjectAttribute/related/${pedido.attr.cliente}?term=outra`),
    ok: (res, actor) =>
      expect(res.json<{ itens: { id: number }[]; totalResults: number }>()).toMatchObject({
        itens: actor === 'customer' ? [] : [{ id: outra }],
        totalResults: actor === 'customer' ? 0 : 1,
      }),
  },
  {
    route: 'GET /api/SubjectAttribute/related/:attributeId',
    name: 'related options of chamado.cliente',
    statuses: [200, 404, 404, 404, 401, 401],
    request: get(() => `/api/SubjectAttribute/related/${chamado.attr.cliente}`),
    twin: () => ({ method: 'GET', url: `/api/SubjectAttribute/related/${MISSING}` }),
  },

  // GET /api/talk/{subject}: the delimitation editor's options
  {
    route: 'GET /api/talk/:subject',
    name: 'delimitation options of cliente',
    statuses: SIGNED_IN,
    request: get(() => '/api/talk/cliente?page=1'),
    ok: (res, actor) => {
      const page = res.json<{ itens: { id: number; name: string }[]; totalResults: number }>();
      expect(page.itens).toEqual(
        actor === 'customer'
          ? [{ id: acme, name: 'ACME' }]
          : [
              { id: acme, name: 'ACME' },
              { id: outra, name: 'Outra Empresa' },
            ],
      );
      expect(page.totalResults).toBe(page.itens.length);
    },
  },
  {
    route: 'GET /api/talk/:subject',
    name: 'delimitation options of chamado',
    statuses: [200, 404, 404, 404, 401, 401],
    request: get(() => '/api/talk/chamado'),
    twin: () => ({ method: 'GET', url: '/api/talk/naoexiste' }),
  },

  // GET /api/value/file/{subject}/{talkId}/{attributeId}[/{fileId}]
  {
    route: 'GET /api/value/file/:subject/:talkId/:attributeId',
    name: 'file download of a pedido inside the delimitation',
    statuses: SIGNED_IN,
    request: get(() => pedidoFile(inside)),
    ok: (res) => {
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(insideFile.data)).toBe(true);
    },
  },
  {
    route: 'GET /api/value/file/:subject/:talkId/:attributeId',
    name: 'file download of a pedido outside the delimitation',
    statuses: [200, 200, 404, 200, 401, 401],
    request: get(() => pedidoFile(outside)),
    twin: () => ({ method: 'GET', url: pedidoFile(MISSING) }),
    ok: (res) => expect(res.rawPayload.equals(outsideFile.data)).toBe(true),
  },
  {
    route: 'GET /api/value/file/:subject/:talkId/:attributeId/:fileId',
    name: 'one file of a pedido outside the delimitation, by its url',
    statuses: [200, 200, 404, 200, 401, 401],
    request: get(() => outsideFile.url),
    twin: (req) => ({ ...req, url: withId(req.url, outside) }),
    ok: (res) => expect(res.rawPayload.equals(outsideFile.data)).toBe(true),
  },
];

/** A refused call changes nothing: the rows it aimed at, and the count of rows, are as they were. */
async function snapshot(req: Request): Promise<unknown> {
  const rows = await Promise.all(
    (req.touches?.talkIds ?? []).map(async (id) => {
      const res = await adminGet(req.touches?.subject ?? '', id);
      return { status: res.statusCode, body: res.json<unknown>() };
    }),
  );
  const count = req.adds ? (await adminPage(req.adds, { fetch: 1 })).totalResults : null;
  return { rows, count };
}

describe('talk calls by actor (permission matrix)', () => {
  it('has a row for every talk route of records.routes.ts, the options call and the file download', () => {
    expect(new Set(calls.map((c) => c.route))).toEqual(new Set(ROUTES));
    for (const route of ROUTES) {
      const [method, url] = route.split(' ') as [Request['method'], string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  for (const call of calls) {
    describe(call.name, () => {
      for (const [i, actor] of ACTORS.entries()) {
        const expected = call.statuses[i] ?? 0;
        it(`${actor} → ${expected}`, async () => {
          const req = await call.request();
          const before = await snapshot(req);
          const res = await send(actor, req);
          expect(res.statusCode, res.body).toBe(expected);
          if (expected < 400) {
            await call.ok?.(res, actor, req);
            return;
          }
          expectErrorAnswer(res, { extraKeys: ['relatedTalks'], sent: req.payload });
          expect(await snapshot(req), 'a refused call changed something').toEqual(before);
          if (expected === 401) expect(errorsOf(res)).toEqual([{ message: UNAUTHORIZED }]);
          if (expected === 403) expect(errorsOf(res)).toEqual([{ message: call.forbidden }]);
          if (expected === 404 || expected === 422)
            expect(
              call.twin,
              'a 404/422 cell needs the answer for a thing that does not exist',
            ).toBeDefined();
          if (call.twin) {
            // Refused alike: an unreadable thing and a missing one get the same status and words.
            const twin = await send(actor, call.twin(req));
            expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
              status: twin.statusCode,
              body: twin.json<unknown>(),
            });
          }
        });
      }
    });
  }

  it('anonymous and expired callers get 401 even on a subject that does not exist', async () => {
    for (const actor of ['anonymous', 'expired'] as const) {
      const res = await send(actor, { method: 'POST', url: '/api/talk/filter/naoexiste', payload: {} });
      expect(res.statusCode).toBe(401);
      expectErrorAnswer(res);
    }
    // The expired token is refused for its expiry alone: the same session, renewed, works.
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/account/refresh',
      payload: { token: tokens.expired },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ token: string }>().token;
    expect(
      (await t.app.inject(as(fresh, { method: 'GET', url: `/api/talk/pedido/${inside}` }))).statusCode,
    ).toBe(200);
  });
});
