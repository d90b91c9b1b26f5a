import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { FileUploadAnswer } from '@talkbase/domain/contracts/files';
import { updateRoom } from '../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../test/harness.ts';
import { createTalk } from '../test/records.ts';
import { png, uploadTo } from '../modules/files/files-test-helpers.ts';
import { connect, listen, until, type OpenSocket } from '../modules/messages/messages-test-setup.ts';
import { subjectIds } from '../modules/templates/template-test-helpers.ts';

/**
 * Issue 19: row delimitations and hidden attributes hold in every reading path, together.
 *
 * A customer of room 1196 reads `pedido` delimited to the orders of the client ACME (a filter) and
 * `cliente` delimited to ACME (a list of ids); it may not read `pedido.segredo`, the file attribute
 * `pedido.documento` nor `cliente.codigo`. Every row outside the delimitation carries OUT in a
 * readable attribute (titles, a client's name, file names, messages), and every hidden value
 * carries HIDDEN. Each reading path below is called as the administrator, whose answer must show
 * the marker(s) named (the control that proves the path would carry them, so that each check can
 * fail), then as the customer: neither marker may appear in anything it answers (headers and body),
 * and the records and counts it answers are exactly the allowed ones. All problems are reported
 * together, one line per path.
 *
 * The paths are tested one by one elsewhere (talks/talk-permissions, permissions/attribute-read,
 * search, files, talk-transfer, messages, tags-live); this is the one table of all of them.
 */

const OUT = 'Quimeraexterna';
const HIDDEN = 'Xilofonesecreto';
const MARKERS = [OUT, HIDDEN];

type Who = 'admin' | 'customer';

/** What a path answered: its status, its whole text (headers and body), the records it listed. */
interface Seen {
  status: number;
  text: string;
  /** Ids of the records listed, in the order answered (undefined: the path lists none). */
  ids?: number[];
  /** The count it answered (totalResults, CSV rows). */
  count?: number;
}

interface ReadingPath {
  name: string;
  read: (who: Who) => Promise<Seen>;
  /** What the customer must get (status 200 unless said); ids and count when the path lists records. */
  customer: () => { status?: number; ids?: number[]; count?: number };
  /** Markers the administrator's answer holds. */
  adminShows: string[];
}

let t: TestApp;
const tokens = {} as Record<Who, string>;
const sockets = {} as Record<Who, OpenSocket>;
let pedido: { id: number; attr: Record<string, number> };
let cliente: { id: number; attr: Record<string, number> };
let acme: number;
let outra: number;
/** Active orders inside the delimitation. */
let in1: number;
let in2: number;
/** A deactivated order inside it. */
let inOff: number;
/** Orders of the other client, outside it. */
let out1: number;
let outOff: number;
let outFileUrl: string;
let inFileUrl: string;
let hiddenFileUrl: string;
/** A tag earned by orders of value 50 or more: out1 and in2. */
let tagId: number;

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(
    as(tokens[who], { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );

const textOf = (res: LightMyRequestResponse) =>
  `${JSON.stringify(res.headers)}\n${res.rawPayload.toString('utf8')}`;

/** A JSON page: its records' ids (by `key`) and totalResults. */
async function page(res: Promise<LightMyRequestResponse>, key: 'talkId' | 'id' = 'talkId'): Promise<Seen> {
  const r = await res;
  const seen: Seen = { status: r.statusCode, text: textOf(r) };
  if (r.statusCode !== 200) return seen;
  const body = r.json<{ itens: Record<string, unknown>[]; totalResults?: number }>();
  return {
    ...seen,
    ids: body.itens.map((i) => i[key] as number),
    ...(body.totalResults === undefined ? {} : { count: body.totalResults }),
  };
}

/** A single answer (a record, a file, a timeline): status and text only. */
async function plain(res: Promise<LightMyRequestResponse>): Promise<Seen> {
  const r = await res;
  return { status: r.statusCode, text: textOf(r) };
}

/** A CSV export: its data rows counted (the header line left out). */
async function csv(res: Promise<LightMyRequestResponse>): Promise<Seen> {
  const r = await res;
  const seen: Seen = { status: r.statusCode, text: textOf(r) };
  if (r.statusCode !== 200) return seen;
  const lines = r.body.split('\r\n').filter((l) => l !== '');
  return { ...seen, count: lines.length - 1 };
}

const grid = (body: Record<string, unknown>) => (who: Who) =>
  page(call(who, 'POST', '/api/talk/filter/pedido', body));
const exported = (body: Record<string, unknown>) => (who: Who) =>
  csv(call(who, 'POST', '/api/talk/export/pedido', body));
/** The global search ranks its results: their ids compared in id order. */
const search = (query: string) => async (who: Who) => {
  const seen = await page(call(who, 'GET', `/api/search?${query}`));
  return { ...seen, ...(seen.ids ? { ids: [...seen.ids].sort((a, b) => a - b) } : {}) };
};
const file = (url: () => string) => (who: Who) => plain(call(who, 'GET', url()));

/**
 * The orders a socket heard of, and every message it got as text. Only orders change after the
 * sockets open: an event of another subject counts as the record -1, which no expectation holds.
 */
function heard(who: Who): Seen {
  const ids = new Set<number>();
  for (const m of sockets[who].messages) {
    const data = m.data as { subject?: unknown; talkId?: unknown; talkIds?: unknown };
    if (data.subject !== 'pedido') {
      ids.add(-1);
      continue;
    }
    if (typeof data.talkId === 'number') ids.add(data.talkId);
    if (Array.isArray(data.talkIds)) for (const id of data.talkIds) if (typeof id === 'number') ids.add(id);
  }
  return {
    status: 200,
    text: sockets[who].messages.map((m) => JSON.stringify(m)).join('\n'),
    ids: [...ids].sort((a, b) => a - b),
  };
}
const got = (who: Who, event: string, talkId: number) =>
  sockets[who].messages.some((m) => {
    const data = m.data as { subject?: unknown; talkId?: unknown; talkIds?: unknown };
    return (
      m.event === event &&
      data.subject === 'pedido' &&
      (data.talkId === talkId || (Array.isArray(data.talkIds) && data.talkIds.includes(talkId)))
    );
  });

const PATHS: ReadingPath[] = [
  // Grid, counts, sorts, quick search (POST /api/talk/filter/{subject}).
  {
    name: 'grid',
    read: grid({ page: 1, fetch: 50 }),
    customer: () => ({ ids: [in2, in1], count: 2 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'grid, one row a page: the count is of the allowed rows',
    read: grid({ page: 1, fetch: 1 }),
    customer: () => ({ ids: [in2], count: 2 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'grid, deactivated rows',
    read: grid({ page: 1, fetch: 50, isActive: false }),
    customer: () => ({ ids: [inOff], count: 1 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'grid sorted by a readable attribute, descending',
    read: grid({ order: { attribute: 'valor', direction: 0 } }),
    customer: () => ({ ids: [in2, in1], count: 2 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'grid sorted by the hidden attribute',
    read: grid({ order: { attribute: 'segredo', direction: 0 } }),
    customer: () => ({ status: 400 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'grid filtered by the hidden attribute',
    read: grid({ filterJson: { attribute: 'segredo', operator: 'contains', value: HIDDEN } }),
    customer: () => ({ status: 400 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'grid filtered by the client outside the delimitation',
    read: (who) => grid({ filterJson: { attribute: 'cliente', operator: 'equal', value: outra } })(who),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [OUT],
  },
  {
    name: 'grid of the records pointing to the client outside (talkParent)',
    read: (who) => grid({ talkParent: { subjectAttributeId: pedido.attr.cliente ?? 0, talkId: outra } })(who),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [OUT],
  },
  {
    name: 'grid filtered by a tag a record outside carries',
    read: (who) => grid({ tagIds: [tagId] })(who),
    customer: () => ({ ids: [in2], count: 1 }),
    adminShows: [OUT],
  },
  {
    name: 'quick search for a word of the rows outside',
    read: grid({ term: OUT.toLowerCase() }),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [OUT],
  },
  {
    name: 'quick search for a word of the hidden attribute',
    read: grid({ term: HIDDEN.toLowerCase() }),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'quick search for a word inside and outside',
    read: grid({ term: 'pedido' }),
    customer: () => ({ ids: [in2, in1], count: 2 }),
    adminShows: [OUT],
  },

  // Read by id.
  {
    name: 'read a record inside (its reference to the client outside is not named)',
    read: (who) => plain(call(who, 'GET', `/api/talk/pedido/${in1}`)),
    customer: () => ({}),
    adminShows: [HIDDEN],
  },
  {
    name: 'read a record outside',
    read: (who) => plain(call(who, 'GET', `/api/talk/pedido/${out1}`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },
  {
    name: 'read the client outside',
    read: (who) => plain(call(who, 'GET', `/api/talk/cliente/${outra}`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },

  // Global search (GET /api/search).
  {
    name: 'global search for a word of the rows outside',
    read: search(`q=${OUT}`),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [OUT],
  },
  {
    name: 'global search for a word of the hidden attributes',
    read: search(`q=${HIDDEN}`),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'global search for a word inside and outside',
    read: search('q=pedido&fetch=50'),
    customer: () => ({ ids: [in2, in1].sort((a, b) => a - b), count: 2 }),
    adminShows: [OUT],
  },
  {
    name: 'global search in the attributes named like the hidden one',
    read: search(`q=${HIDDEN}&attr=segredo`),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'global search in the hidden attribute only',
    read: (who) => search(`q=${HIDDEN}&subj_attr=${pedido.attr.segredo ?? 0}`)(who),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [HIDDEN],
  },

  // Related-record lookups.
  {
    name: 'related options of pedido.origem',
    read: (who) => page(call(who, 'GET', `/api/SubjectAttribute/related/${pedido.attr.origem ?? 0}`), 'id'),
    customer: () => ({ ids: [acme], count: 1 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'related options of pedido.cliente searched by the name of the client outside',
    read: (who) =>
      page(call(who, 'GET', `/api/SubjectAttribute/related/${pedido.attr.cliente ?? 0}?term=${OUT}`), 'id'),
    customer: () => ({ ids: [], count: 0 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'delimitation editor options of cliente',
    read: (who) => page(call(who, 'GET', '/api/talk/cliente?page=1'), 'id'),
    customer: () => ({ ids: [acme], count: 1 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'delimitation editor options of pedido',
    read: (who) => page(call(who, 'GET', '/api/talk/pedido?page=1'), 'id'),
    customer: () => ({ ids: [in1, in2].sort((a, b) => a - b), count: 2 }),
    adminShows: [OUT],
  },

  // Timeline.
  {
    name: 'timeline of a record inside (a hidden value and a client outside changed)',
    read: (who) => plain(call(who, 'GET', `/api/talk/pedido/${in1}/timeline?page=1&fetch=100`)),
    customer: () => ({}),
    adminShows: [HIDDEN],
  },
  {
    name: 'timeline of a record outside',
    read: (who) => plain(call(who, 'GET', `/api/talk/pedido/${out1}/timeline?page=1&fetch=100`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },

  // File downloads.
  {
    name: 'files of a record outside',
    read: (who) => plain(call(who, 'GET', `/api/value/file/pedido/${out1}/${pedido.attr.anexos ?? 0}`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },
  {
    name: 'one file of a record outside, by its url',
    read: file(() => outFileUrl),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },
  {
    name: 'the hidden file attribute of a record inside',
    read: (who) => plain(call(who, 'GET', `/api/value/file/pedido/${in1}/${pedido.attr.documento ?? 0}`)),
    customer: () => ({ status: 404 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'one file of the hidden file attribute, by its url',
    read: file(() => hiddenFileUrl),
    customer: () => ({ status: 404 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'one file of a readable attribute inside, by its url',
    read: file(() => inFileUrl),
    customer: () => ({}),
    adminShows: [],
  },
  {
    name: 'the file generated from a record inside',
    read: (who) => plain(call(who, 'GET', `/api/value/filegenerate/pedido/${in1}/${pedido.attr.ficha ?? 0}`)),
    customer: () => ({}),
    adminShows: [HIDDEN],
  },
  {
    name: 'the file generated from a record outside',
    read: (who) =>
      plain(call(who, 'GET', `/api/value/filegenerate/pedido/${out1}/${pedido.attr.ficha ?? 0}`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },

  // CSV export (POST /api/talk/export/{subject}).
  {
    name: 'CSV export, every readable column',
    read: exported({ columns: 'all' }),
    customer: () => ({ count: 2 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: "CSV export, the grid's columns",
    read: exported({}),
    customer: () => ({ count: 2 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'CSV export of the deactivated rows',
    read: exported({ columns: 'all', isActive: false }),
    customer: () => ({ count: 1 }),
    adminShows: [OUT, HIDDEN],
  },
  {
    name: 'CSV export searched for a word of the rows outside',
    read: exported({ columns: 'all', term: OUT }),
    customer: () => ({ count: 0 }),
    adminShows: [OUT],
  },
  {
    name: 'CSV export searched for a word of the hidden attribute',
    read: exported({ columns: 'all', term: HIDDEN }),
    customer: () => ({ count: 0 }),
    adminShows: [HIDDEN],
  },
  {
    name: 'CSV export sorted by the hidden attribute',
    read: exported({ columns: 'all', order: { attribute: 'segredo', direction: 0 } }),
    customer: () => ({ status: 400 }),
    adminShows: [HIDDEN],
  },

  // A record's conversation.
  {
    name: 'messages of a record outside',
    read: (who) => plain(call(who, 'GET', `/api/talk/pedido/${out1}/messages`)),
    customer: () => ({ status: 404 }),
    adminShows: [OUT],
  },
  {
    name: 'unread counts of a grid page holding a record outside',
    read: (who) =>
      page(call(who, 'POST', '/api/talk/messages/unread', { subject: 'pedido', talkIds: [in1, out1] })),
    customer: () => ({ ids: [in1] }),
    adminShows: [],
  },

  // Real-time events: record updates, tags, messages (the sockets opened before the records).
  {
    name: 'real-time events',
    read: async (who) => {
      // Each event about a record outside was published before its twin inside, and the hub
      // starts each socket's check of an event as the event comes: once the twins arrived, the
      // events outside have had their check for this socket too.
      const inside: [string, number][] = [
        ['SendTalkUpdates', in2],
        ['PublishTalkTag', in2],
        ['SendTalkMessage', in1],
      ];
      const outside: [string, number][] = [
        ['SendTalkUpdates', out1],
        ['PublishTalkTag', out1],
        ['SendTalkMessage', out1],
      ];
      await until(
        () => [...inside, ...(who === 'admin' ? outside : [])].every(([e, id]) => got(who, e, id)),
        10_000,
      );
      return heard(who);
    },
    // inOff: its deactivation.
    customer: () => ({ ids: [in1, inOff, in2].sort((a, b) => a - b) }),
    adminShows: [OUT],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [
        // The first text attribute names the record: the customer, who may not read it, sees the name.
        { identifier: 'codigo', name: 'Código', componentId: 1 },
        { identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true },
      ],
    },
    {
      identifier: 'pedido',
      name: 'Pedido',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'origem', name: 'Origem', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'segredo', name: 'Segredo', componentId: 1, isOrderable: true },
        { identifier: 'valor', name: 'Valor', componentId: 3, isOrderable: true },
        { identifier: 'anexos', name: 'Anexos', componentId: 22, isMultipleValues: true },
        { identifier: 'documento', name: 'Documento', componentId: 22 },
        { identifier: 'ficha', name: 'Ficha', componentId: 34 },
      ],
    },
  ]) {
    const res = await call('admin', 'POST', '/api/subject', payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  pedido = await subjectIds(t.app, tokens.admin, 'pedido');
  cliente = await subjectIds(t.app, tokens.admin, 'cliente');
  acme = await createTalk(t.app, tokens.admin, 'cliente', { codigo: `${HIDDEN}-1`, nome: 'ACME' });
  outra = await createTalk(t.app, tokens.admin, 'cliente', { codigo: `${HIDDEN}-2`, nome: `${OUT} Ltda` });

  const none = (attribute: string, subject = pedido) => ({
    resourceId: subject.attr[attribute] ?? 0,
    actions: [],
  });
  await updateRoom(t.app, tokens.admin, CUSTOMER_ROOM_ID, {
    roomName: 'Clientes',
    permissions: {
      subjects: [
        {
          resourceId: pedido.id,
          actions: ['read', 'create', 'update'],
          permissions: [none('segredo'), none('documento')],
          filter: { attribute: 'cliente', operator: 'equal', value: acme },
        },
        { resourceId: cliente.id, actions: ['read'], permissions: [none('codigo', cliente)] },
      ],
    },
    sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
  });
  const person = await createPerson(t.app, tokens.admin, { roomId: CUSTOMER_ROOM_ID });
  tokens.customer = (await login(t.app, person.email, person.password)).token;

  const tag = await call('admin', 'POST', '/api/tag', {
    tagName: 'Valor alto',
    tagColor: '#e03131',
    tagFilters: [
      {
        filterName: 'A partir de 50',
        filter: { attribute: 'valor', operator: 'greater_or_equal', value: 50 },
        subject: 'pedido',
      },
    ],
  });
  expect(tag.statusCode, tag.body).toBe(201);
  tagId = tag.json<{ tagId: number }>().tagId;
  await t.app.services.tags.runner.idle();

  const base = await listen(t.app);
  sockets.admin = await connect(base, tokens.admin);
  sockets.customer = await connect(base, tokens.customer);

  const make = (values: Record<string, unknown>) => createTalk(t.app, tokens.admin, 'pedido', values);
  in1 = await make({ titulo: 'Pedido alfa', cliente: acme, segredo: `${HIDDEN} um`, valor: 1 });
  out1 = await make({ titulo: `Pedido ${OUT}`, cliente: outra, segredo: `${HIDDEN} dois`, valor: 99 });
  inOff = await make({ titulo: 'Pedido arquivado', cliente: acme, segredo: `${HIDDEN} tres`, valor: 2 });
  outOff = await make({ titulo: `Pedido ${OUT} arquivado`, cliente: outra, valor: 3 });
  const off = await call('admin', 'POST', '/api/talk/batchDeactivate/pedido', { talkIds: [inOff, outOff] });
  expect(off.statusCode, off.body).toBe(200);

  const upload = async (talkId: number, attribute: string, name: string) => {
    const url = `/api/value/file/pedido/${talkId}/${pedido.attr[attribute] ?? 0}`;
    const res = await uploadTo(t.app, tokens.admin, url, [{ name, data: png() }]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FileUploadAnswer>().files[0]?.url ?? '';
  };
  inFileUrl = await upload(in1, 'anexos', 'nota.png');
  outFileUrl = await upload(out1, 'anexos', `${OUT}.png`);
  hiddenFileUrl = await upload(in1, 'documento', `${HIDDEN}.png`);

  const edit = async (talkId: number, values: Record<string, unknown>) => {
    const res = await call('admin', 'PUT', `/api/talk/pedido/${talkId}`, {
      talkValues: Object.entries(values).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await edit(out1, { titulo: `Pedido ${OUT} revisto` });
  // In the timeline of a record inside: a hidden value changed, and a reference to the client outside.
  await edit(in1, { segredo: `${HIDDEN} editado`, origem: outra, valor: 5 });
  const message = async (talkId: number, text: string) => {
    const res = await call('admin', 'POST', `/api/talk/pedido/${talkId}/messages`, { text });
    expect(res.statusCode, res.body).toBe(201);
  };
  await message(out1, `Mensagem sobre ${OUT}`);
  await message(in1, 'Mensagem para o cliente');
  // Last: a record inside that earns the tag (the twin of the events outside, see 'real-time events').
  in2 = await make({ titulo: 'Pedido beta', cliente: acme, segredo: `${HIDDEN} quatro`, valor: 60 });
  await t.app.services.tags.runner.idle();
}, 60_000);

afterAll(async () => {
  for (const s of Object.values(sockets)) s.ws.close();
  await t.close();
});

describe('reading paths of a delimited customer with hidden attributes', () => {
  it('no path shows a row outside the delimitation or a hidden value, and counts only the allowed rows', async () => {
    const problems: string[] = [];
    for (const path of PATHS) {
      // The administrator first: what its answer leaves in the caches (counts, ranked search ids)
      // must not reach the customer's.
      const theirs = await path.read('admin');
      if (theirs.status !== 200) problems.push(`${path.name}: the administrator got ${theirs.status}`);
      for (const marker of path.adminShows)
        if (!theirs.text.toLowerCase().includes(marker.toLowerCase()))
          problems.push(`${path.name}: the administrator's answer lacks ${marker} (the control)`);

      const mine = await path.read('customer');
      const want = path.customer();
      const status = want.status ?? 200;
      if (mine.status !== status) problems.push(`${path.name}: status ${mine.status}, expected ${status}`);
      for (const marker of MARKERS)
        if (mine.text.toLowerCase().includes(marker.toLowerCase()))
          problems.push(`${path.name}: the customer's answer holds ${marker}`);
      if (want.ids && JSON.stringify(mine.ids) !== JSON.stringify(want.ids))
        problems.push(
          `${path.name}: records ${JSON.stringify(mine.ids)}, expected ${JSON.stringify(want.ids)}`,
        );
      if (want.count !== undefined && mine.count !== want.count)
        problems.push(`${path.name}: count ${mine.count}, expected ${want.count}`);
    }
    expect(problems).toEqual([]);
  });
});
