import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { TemplateArea } from '@talkbase/domain/contracts/templates';
import { createRoom } from '../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../test/harness.ts';
import { createTalk } from '../test/records.ts';
import { png, uploadTo } from '../modules/files/files-test-helpers.ts';
import { subjectIds } from '../modules/templates/template-test-helpers.ts';
import type { ApiTalk } from '../modules/records/record-presenter.ts';
import { ATTRIBUTE_NO_ACTION } from './access-policy.ts';
import { setRoomAttributeActions } from './permissions.repository.ts';

/**
 * Attribute read permission (issue 12 item 3): a room that may read `chamado` but not its
 * `segredo` (it may fill it in, not see it) nor its `anexo` file, and may read `cliente` but not
 * its `codigo`. What the room may not read is absent from every answer, as if it did not exist.
 * The administrator (room 1) is the control: the same calls show it, so each check can fail.
 */

const SECRET = 'Xilofone confidencial';
const NEW_SECRET = 'Quasar escondido';
const CODE = 'ZETACODIGO';

let t: TestApp;
let admin: string;
let agent: string;
let chamado: { id: number; attr: Record<string, number> };
let cliente: { id: number; attr: Record<string, number> };
let acme: number;
let beta: number;
let slow: number;
let printer: number;
let action: number;
let roomId: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const page = async (token: string, body: Record<string, unknown>) => {
  const res = await call(token, 'POST', '/api/talk/filter/chamado', body);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, ...res.json<{ itens: ApiTalk[]; totalResults: number }>() };
};

const identifiers = (talk: ApiTalk) => talk.talkValues.map((v) => v.subjectAttributeIdentifier);

let listening: string | undefined;
/** A WebSocket of the account, as the web app opens it; its messages as text. */
async function socket(token: string): Promise<{ ws: WebSocket; messages: string[] }> {
  if (!listening) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    listening = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const ws = new WebSocket(`${listening}/websocket?access_token=${encodeURIComponent(token)}`);
  const messages: string[] = [];
  ws.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  return { ws, messages };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

/** The SendTalkUpdates a socket got: subject and record ids of each. */
const updatesIn = (messages: string[]) =>
  messages
    .map((m) => JSON.parse(m) as { event: string; data: { subject: string; talkIds: number[] } })
    .filter((m) => m.event === 'SendTalkUpdates')
    .map((m) => m.data);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [
        { identifier: 'codigo', name: 'Código', componentId: 1 },
        { identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true },
      ],
    },
    {
      identifier: 'chamado',
      name: 'Chamado',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'segredo', name: 'Segredo', componentId: 1, isOrderable: true },
        { identifier: 'prioridade', name: 'Prioridade', componentId: 3, isOrderable: true },
        { identifier: 'anexo', name: 'Anexo', componentId: 22 },
      ],
    },
  ]) {
    const res = await call(admin, 'POST', '/api/subject', payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  chamado = await subjectIds(t.app, admin, 'chamado');
  cliente = await subjectIds(t.app, admin, 'cliente');

  roomId = await createRoom(t.app, admin, {
    roomName: 'Atendimento',
    permissions: {
      subjects: [
        { resourceId: chamado.id, actions: ['read', 'create', 'update'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  // segredo: fill in only (rows without 'read'); anexo and codigo: nothing at all.
  const attr = (subject: { attr: Record<string, number> }, name: string) => subject.attr[name] ?? 0;
  await setRoomAttributeActions(t.db.kysely, 1, roomId, attr(chamado, 'segredo'), ['create']);
  await setRoomAttributeActions(t.db.kysely, 1, roomId, attr(chamado, 'anexo'), [ATTRIBUTE_NO_ACTION]);
  await setRoomAttributeActions(t.db.kysely, 1, roomId, attr(cliente, 'codigo'), [ATTRIBUTE_NO_ACTION]);
  // Room 1 reads everything, even with rows that leave 'read' out.
  await setRoomAttributeActions(t.db.kysely, 1, ADMIN_ROOM_ID, attr(chamado, 'segredo'), [
    'create',
    'update',
    'delete',
  ]);
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;

  acme = await createTalk(t.app, admin, 'cliente', { codigo: CODE, nome: 'ACME' });
  beta = await createTalk(t.app, admin, 'cliente', { codigo: 'ZETA2', nome: 'Beta' });
  slow = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Rede lenta',
    cliente: acme,
    segredo: SECRET,
    prioridade: 1,
  });
  printer = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Impressora',
    segredo: 'rede',
    prioridade: 2,
  });
  action = await createTalk(t.app, admin, 'chamado', { titulo: 'Ação urgente', prioridade: 3 });
  const upload = await uploadTo(t.app, admin, `/api/value/file/chamado/${slow}/${chamado.attr.anexo}`, [
    { name: 'contrato.png', data: png() },
  ]);
  expect(upload.statusCode, upload.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('attribute read permission', () => {
  it('read one: the hidden attributes, their files and the hidden name of a related record are absent', async () => {
    const mine = await call(agent, 'GET', `/api/talk/chamado/${slow}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const talk = mine.json<ApiTalk>();
    expect(identifiers(talk)).toEqual(['titulo', 'cliente', 'prioridade']);
    expect(talk.talkAttachments).toEqual([]);
    expect(talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')?.displayValue).toBe(
      'ACME',
    );
    for (const hidden of [SECRET, CODE, 'contrato.png']) expect(mine.body).not.toContain(hidden);

    const theirs = (await call(admin, 'GET', `/api/talk/chamado/${slow}`)).json<ApiTalk>();
    expect(identifiers(theirs)).toEqual(['titulo', 'cliente', 'segredo', 'prioridade', 'anexo']);
    expect(theirs.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')?.displayValue).toBe(
      CODE,
    );
    expect((theirs.talkAttachments as { value: string }[]).map((a) => a.value)).toEqual(['contrato.png']);
  });

  it('grid pages and counts: no hidden value, and the quick search never matches through one', async () => {
    const all = await page(agent, { page: 1, fetch: 50 });
    expect(all.totalResults).toBe(3);
    for (const talk of all.itens) expect(identifiers(talk)).not.toContain('segredo');
    expect(all.body).not.toContain(SECRET);

    // 'xilofone' is only in segredo: nothing for the agent, one record for the administrator.
    const secret = await page(agent, { term: 'xilofone' });
    expect([secret.totalResults, secret.itens.length]).toEqual([0, 0]);
    expect((await page(admin, { term: 'xilofone' })).totalResults).toBe(1);
    // 'rede' is the title of one record and the segredo of another.
    const rede = await page(agent, { term: 'rede' });
    expect(rede.totalResults).toBe(1);
    expect(rede.itens.map((i) => i.talkId)).toEqual([slow]);
    expect((await page(admin, { term: 'rede' })).itens.map((i) => i.talkId).sort()).toEqual(
      [slow, printer].sort(),
    );
    // Readable attributes still match with the index's accent and case folding.
    const folded = await page(agent, { term: 'ACAO urg' });
    expect(folded.itens.map((i) => i.talkId)).toEqual([action]);
    const numbers = await page(agent, { term: '2' });
    expect(numbers.itens.map((i) => i.talkId)).toEqual([printer]);
  });

  it('sorting or filtering on a hidden attribute is refused as on one that does not exist', async () => {
    const segredo = chamado.attr.segredo ?? 0;
    const filter = (body: Record<string, unknown>) => call(agent, 'POST', '/api/talk/filter/chamado', body);
    const byName = await filter({
      filterJson: { attribute: 'segredo', operator: 'contains', value: 'xilo' },
    });
    const sortById = await filter({ order: { attribute: segredo, direction: 0 } });
    const refused = [
      byName,
      sortById,
      await filter({ order: { attribute: 'segredo', direction: 1 } }),
      await filter({
        filterJson: { condition: 'E', rules: [{ attribute: segredo, operator: 'is_not_empty' }] },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).not.toContain('Segredo');
    }
    // Word for word what an attribute that does not exist gets.
    expect(errorsOf(byName)).toEqual([
      { message: 'Filtro inválido: o atributo segredo não existe neste assunto.' },
    ]);
    expect(errorsOf(sortById)[0]?.message).toBe(`Não é possível ordenar por ${segredo}.`);
    const sorted = await call(admin, 'POST', '/api/talk/filter/chamado', {
      order: { attribute: 'segredo', direction: 1 },
      filterJson: { attribute: 'segredo', operator: 'contains', value: 'xilo' },
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
  });

  it('the timeline keeps no trace of a hidden attribute', async () => {
    const edit = await call(admin, 'PUT', `/api/talk/chamado/${slow}`, {
      talkValues: [
        { subjectAttributeIdentifier: 'segredo', value: NEW_SECRET },
        { subjectAttributeIdentifier: 'prioridade', value: 4 },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const mine = await call(agent, 'GET', `/api/talk/chamado/${slow}/timeline?page=1&fetch=100`);
    expect(mine.statusCode, mine.body).toBe(200);
    const entries = mine.json<{
      itens: { subjectAttributeId: number | null; attributeName: string | null }[];
    }>();
    const hiddenIds = [chamado.attr.segredo, chamado.attr.anexo];
    expect(entries.itens.some((e) => hiddenIds.includes(e.subjectAttributeId ?? -1))).toBe(false);
    expect(entries.itens.some((e) => e.attributeName === 'Prioridade')).toBe(true);
    for (const hidden of [SECRET, NEW_SECRET, 'Segredo', 'contrato.png'])
      expect(mine.body).not.toContain(hidden);
    const theirs = await call(admin, 'GET', `/api/talk/chamado/${slow}/timeline?page=1&fetch=100`);
    expect(theirs.body).toContain(NEW_SECRET);
  });

  it('the form context and its template hold only readable attributes', async () => {
    const mine = await call(agent, 'GET', '/api/context/web/form/chamado');
    expect(mine.statusCode, mine.body).toBe(200);
    const ctx = mine.json<ContextResponse>();
    expect(ctx.subject.subjectAttributes.map((a) => a.identifier)).toEqual([
      'titulo',
      'cliente',
      'prioridade',
    ]);
    const areaIds = (areas: TemplateArea[]): number[] =>
      areas.flatMap((a) => [
        ...(a.subjectAttributeId === null ? [] : [a.subjectAttributeId]),
        ...areaIds(a.templateAreasMap),
      ]);
    const shown = areaIds(ctx.template?.templateAreas ?? []);
    expect(shown).not.toContain(chamado.attr.segredo);
    expect(shown).not.toContain(chamado.attr.anexo);
    expect(mine.body).not.toContain('Segredo');

    const theirs = (await call(admin, 'GET', '/api/context/web/form/chamado')).json<ContextResponse>();
    expect(theirs.subject.subjectAttributes.map((a) => a.identifier)).toContain('segredo');
  });

  it('related lookups name records by readable attributes only and never search through hidden ones', async () => {
    const url = `/api/SubjectAttribute/related/${chamado.attr.cliente}`;
    const mine = await call(agent, 'GET', url);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ itens: { id: number; name: string }[] }>().itens).toEqual([
      { id: acme, name: 'ACME' },
      { id: beta, name: 'Beta' },
    ]);
    expect(mine.body).not.toContain(CODE);
    const byCode = (await call(agent, 'GET', `${url}?term=zetacod`)).json<{ totalResults: number }>();
    expect(byCode.totalResults).toBe(0);
    const theirs = (await call(admin, 'GET', `${url}?term=zetacod`)).json<{ itens: { name: string }[] }>();
    expect(theirs.itens).toEqual([{ id: acme, name: CODE }]);
  });

  it('GET /api/talk/{subject}: the delimitation editor options, paged, by term and identifier=value', async () => {
    const all = await call(agent, 'GET', '/api/talk/cliente?page=1');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      itens: [
        { id: acme, name: 'ACME' },
        { id: beta, name: 'Beta' },
      ],
      totalResults: 2,
      currentPage: 1,
      error: null,
    });
    const term = (await call(agent, 'GET', '/api/talk/cliente?term=bet')).json<{ itens: unknown[] }>();
    expect(term.itens).toEqual([{ id: beta, name: 'Beta' }]);
    const narrowed = (await call(agent, 'GET', '/Api/Talk/cliente?nome=ACME')).json<{ itens: unknown[] }>();
    expect(narrowed.itens).toEqual([{ id: acme, name: 'ACME' }]);
    // A hidden attribute narrows nothing and matches nothing: as if it did not exist.
    const hiddenNarrow: unknown = (await call(agent, 'GET', `/api/talk/cliente?codigo=${CODE}`)).json();
    expect(hiddenNarrow).toEqual((await call(agent, 'GET', '/api/talk/cliente?naoexiste=x')).json());
    expect((await call(agent, 'GET', '/api/talk/cliente?term=zetacodigo')).json()).toMatchObject({
      itens: [],
      totalResults: 0,
    });
    expect((await call(admin, 'GET', `/api/talk/cliente?codigo=${CODE}`)).json()).toMatchObject({
      itens: [{ id: acme, name: CODE }],
      totalResults: 1,
    });
    // A subject the account may not read does not exist; no session, 401.
    expect((await call(agent, 'GET', '/api/talk/filtro')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/talk/cliente' })).statusCode).toBe(401);
  });

  it('a hidden file attribute cannot be downloaded', async () => {
    const url = `/api/value/file/chamado/${slow}/${chamado.attr.anexo}`;
    expect((await call(agent, 'GET', url)).statusCode).toBe(404);
    expect((await call(admin, 'GET', url)).statusCode).toBe(200);
  });

  it('a value the room may fill in but not read is written, and is not shown back', async () => {
    const created = await call(agent, 'POST', '/api/talk/chamado', {
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: 'Novo pelo agente' },
        { subjectAttributeIdentifier: 'segredo', value: 'Preenchido às cegas' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ resourceId: number }>().resourceId;
    expect((await call(agent, 'GET', `/api/talk/chamado/${id}`)).body).not.toContain('cegas');
    expect((await call(admin, 'GET', `/api/talk/chamado/${id}`)).body).toContain('Preenchido às cegas');
    // Changing it is not allowed, and the refusal names nothing: as for an attribute that does not exist.
    const change = await call(agent, 'PUT', `/api/talk/chamado/${id}`, {
      talkValues: [{ subjectAttributeIdentifier: 'segredo', value: 'Outro' }],
    });
    expect(change.statusCode).toBe(400);
    expect(errorsOf(change)).toEqual([
      { message: 'Atributo desconhecido neste assunto.', field: 'talkValues' },
    ]);
  });

  it('real-time events carry no value of a hidden attribute', async () => {
    const { ws, messages } = await socket(agent);
    const edit = await call(admin, 'PUT', `/api/talk/chamado/${printer}`, {
      talkValues: [{ subjectAttributeIdentifier: 'segredo', value: 'Evento sigiloso' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const end = Date.now() + 3000;
    while (!messages.some((m) => m.includes('SendTalkUpdates')) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    expect(messages.some((m) => m.includes('SendTalkUpdates'))).toBe(true);
    for (const m of messages) expect(m).not.toMatch(/sigiloso|Xilofone|Quasar/);
  });

  it("the account's own limits narrow its rows too: records shared with it and its attribute filters", async () => {
    const person = await createPerson(t.app, admin, {
      roomId,
      sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a Beta', talks: [{ id: beta }] }],
      attributes: [{ attributeId: chamado.attr.prioridade, value: 2 }],
    });
    const limited = (await login(t.app, person.email, person.password)).token;
    const grid = await page(limited, { term: 'impressora rede' });
    expect(grid.itens.map((i) => i.talkId)).toEqual([]);
    const all = await page(limited, {});
    expect([all.totalResults, ...all.itens.map((i) => i.talkId)]).toEqual([1, printer]);
    expect((await call(limited, 'GET', `/api/talk/chamado/${slow}`)).statusCode).toBe(404);
    expect((await call(limited, 'GET', '/api/talk/cliente')).json()).toMatchObject({
      itens: [{ id: beta, name: 'Beta' }],
      totalResults: 1,
    });
    // Its room's other accounts are not affected.
    expect((await page(agent, {})).totalResults).toBeGreaterThan(1);
  });

  it('the schema calls show a non-administrator only the subjects and attributes it may read', async () => {
    type Subject = { subjectIdentifier: string; subjectAttributes: { identifier: string }[] };
    const list = await call(agent, 'GET', '/api/subject?page=1&fetch=100');
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json<{ itens: Subject[]; totalResults: number }>();
    expect(mine.itens.map((s) => s.subjectIdentifier).sort()).toEqual(['chamado', 'cliente']);
    expect(mine.totalResults).toBe(2);
    expect(
      mine.itens.find((s) => s.subjectIdentifier === 'chamado')?.subjectAttributes.map((a) => a.identifier),
    ).toEqual(['titulo', 'cliente', 'prioridade']);
    expect(list.body).not.toContain('Segredo');
    const one = await call(agent, 'GET', '/api/subject/cliente');
    expect(one.json<Subject>().subjectAttributes.map((a) => a.identifier)).toEqual(['nome']);
    expect((await call(agent, 'GET', '/api/subject/filtro')).statusCode).toBe(404);
    const referring = await call(agent, 'GET', '/api/subject/related/other/cliente');
    expect(
      referring.json<{ subjectAttributeIdentifier: string }[]>().map((r) => r.subjectAttributeIdentifier),
    ).toEqual(['cliente']);
    const theirs = (await call(admin, 'GET', '/api/subject/chamado')).json<Subject>();
    expect(theirs.subjectAttributes.map((a) => a.identifier)).toContain('segredo');
  });

  it('SendTalkUpdates reach a socket only for the subjects and records its account may read', async () => {
    const person = await createPerson(t.app, admin, {
      roomId,
      attributes: [{ attributeId: chamado.attr.prioridade, value: 2 }],
    });
    const limited = (await login(t.app, person.email, person.password)).token;
    const created = await call(admin, 'POST', '/api/subject', {
      identifier: 'interno',
      name: 'Interno',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [mine, theirs, admins] = [await socket(agent), await socket(limited), await socket(admin)];

    await createTalk(t.app, admin, 'interno', { nome: 'Só para a administração' });
    const edit = (id: number, titulo: string) =>
      call(admin, 'PUT', `/api/talk/chamado/${id}`, {
        talkValues: [{ subjectAttributeIdentifier: 'titulo', value: titulo }],
      });
    expect((await edit(slow, 'Rede lenta!')).statusCode).toBe(200);
    expect((await edit(printer, 'Impressora!')).statusCode).toBe(200);
    const got = (m: string[], id: number) => updatesIn(m).some((u) => u.talkIds.includes(id));
    await until(
      () => got(mine.messages, printer) && got(theirs.messages, printer) && got(admins.messages, printer),
    );
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [mine, theirs, admins]) s.ws.close();

    expect(updatesIn(admins.messages).map((u) => u.subject)).toEqual(['interno', 'chamado', 'chamado']);
    expect(updatesIn(mine.messages)).toEqual([
      expect.objectContaining({ subject: 'chamado', talkIds: [slow] }),
      expect.objectContaining({ subject: 'chamado', talkIds: [printer] }),
    ]);
    // The limited account reads only chamados of priority 2: the printer, not the slow network.
    expect(updatesIn(theirs.messages)).toEqual([
      expect.objectContaining({ subject: 'chamado', talkIds: [printer] }),
    ]);
  });
});
