import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPage } from '@talkbase/domain/contracts/search';
import { createRoom, updateRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';

/**
 * The global search (issue 14 item 1) on a real server and database: one term over every subject
 * the account may read, through the search index, the access policy and the count cache. Each
 * limited account is checked against the administrator, who finds what it may not, so every
 * "finds nothing" can fail.
 */

const SECRET = 'Xilofone confidencial';

let t: TestApp;
let admin: string;
let agent: string;
let customerA: string;
let customerB: string;
let chamado: { id: number; attr: Record<string, number> };
let cliente: { id: number; attr: Record<string, number> };
let acme: number;
let beta: number;
let acmeTicket: number;
let acmeOther: number;
let betaTicket: number;
let secretTicket: number;

async function search(token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.app.inject(as(token, { method: 'GET', url: `/api/search?${qs}` }));
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, ...res.json<SearchPage>() };
}
const ids = (page: SearchPage) => page.itens.map((i) => i.talkId);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [
        { identifier: 'nome', name: 'Nome', componentId: 1 },
        { identifier: 'cidade', name: 'Cidade', componentId: 1 },
      ],
    },
    {
      identifier: 'chamado',
      name: 'Chamado',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
        { identifier: 'descricao', name: 'Descrição', componentId: 26, length: 4000 },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'segredo', name: 'Segredo', componentId: 1 },
      ],
    },
  ]) {
    const res = await t.app.inject(as(admin, { method: 'POST', url: '/api/subject', payload }));
    expect(res.statusCode, res.body).toBe(201);
  }
  chamado = await subjectIds(t.app, admin, 'chamado');
  cliente = await subjectIds(t.app, admin, 'cliente');

  acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME Impressões', cidade: 'São Paulo' });
  beta = await createTalk(t.app, admin, 'cliente', { nome: 'Beta Papelaria', cidade: 'Jundiaí' });
  acmeTicket = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Impressora parada',
    descricao: 'A impressora da recepção não liga desde a última atualização.',
    cliente: acme,
  });
  acmeOther = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Rede lenta na recepção',
    cliente: acme,
  });
  betaTicket = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Impressora sem toner',
    descricao: 'Chamado da Beta: atualização pendente na recepção.',
    cliente: beta,
  });
  secretTicket = await createTalk(t.app, admin, 'chamado', { titulo: 'Ajuste de rotina', segredo: SECRET });

  // An agent's room that reads chamado but not its segredo (it may fill it in, not see it).
  const roomId = await createRoom(t.app, admin, {
    roomName: 'Atendimento',
    permissions: {
      subjects: [
        { resourceId: chamado.id, actions: ['read', 'create', 'update'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  await setRoomAttributeActions(t.db.kysely, 1, roomId, chamado.attr.segredo ?? 0, ['create']);
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;

  // Room 1196, the customers: tickets of their own company only, as the demo sets it up — one
  // customer account per company, each limited to its company's records by its own attributes.
  await updateRoom(t.app, admin, 1196, {
    roomName: 'Clientes',
    permissions: {
      subjects: [
        { resourceId: chamado.id, actions: ['read', 'create', 'update'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  const customer = async (company: number) => {
    const p = await createPerson(t.app, admin, {
      roomId: 1196,
      attributes: [{ attributeId: chamado.attr.cliente, value: company }],
      sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Minha empresa', talks: [{ id: company }] }],
    });
    return (await login(t.app, p.email, p.password)).token;
  };
  customerA = await customer(acme);
  customerB = await customer(beta);
});
afterAll(async () => {
  await t.close();
});

describe('global search', () => {
  it('finds records of every subject, grouped by subject, each value labelled with its attribute', async () => {
    const page = await search(admin, { q: 'recepcao' });
    expect(page.totalResults).toBe(3);
    expect(page.currentPage).toBe(1);
    expect(page.itens.every((i) => i.subject === 'chamado' && i.subjectName === 'Chamado')).toBe(true);
    expect(ids(page).sort()).toEqual([acmeTicket, acmeOther, betaTicket].sort());
    const found = page.itens.find((i) => i.talkId === acmeTicket);
    expect(found?.talkValues).toEqual([
      { value: 'Impressora parada', subjectAttributeId: chamado.attr.titulo, attributeName: 'Título' },
      {
        value: 'A impressora da recepção não liga desde a última atualização.',
        subjectAttributeId: chamado.attr.descricao,
        attributeName: 'Descrição',
      },
    ]);

    // 'impress' is in a client's name and in two tickets: both subjects, by subject name.
    const across = await search(admin, { q: 'impress' });
    expect(across.totalResults).toBe(3);
    expect(across.itens.map((i) => [i.subjectName, i.talkId])).toEqual([
      ['Chamado', expect.any(Number)],
      ['Chamado', expect.any(Number)],
      ['Cliente', acme],
    ]);
    expect(ids(across).slice(0, 2).sort()).toEqual([acmeTicket, betaTicket].sort());
  });

  it('ignores accents and case, matches word prefixes, and needs every word', async () => {
    expect(ids(await search(admin, { q: 'ULTIMA atualizacao' }))).toEqual([acmeTicket]);
    expect(ids(await search(admin, { q: 'Jundiai' }))).toEqual([beta]);
    expect(ids(await search(admin, { q: 'sao pau' }))).toEqual([acme]);
    expect(ids(await search(admin, { q: 'impressora toner' }))).toEqual([betaTicket]);
    // Only word starts match: 'pressora' is inside a word, not at its start.
    expect((await search(admin, { q: 'pressora' })).totalResults).toBe(0);
    expect((await search(admin, { q: 'impressora zebra' })).totalResults).toBe(0);
    // No words, no search: an empty answer rather than every record.
    expect(await search(admin, { q: ' -- ' })).toMatchObject({ itens: [], totalResults: 0 });
  });

  it('ranks the better match first within a subject', async () => {
    // 'recepcao' twice in one ticket and once in the others.
    const twice = await createTalk(t.app, admin, 'chamado', {
      titulo: 'Recepção sem rede',
      descricao: 'Recepção sem acesso.',
    });
    try {
      expect(ids(await search(admin, { q: 'recepcao' }))[0]).toBe(twice);
    } finally {
      await t.app.inject(
        as(admin, { method: 'DELETE', url: '/api/talk/chamado', payload: { talkIds: [twice] } }),
      );
    }
    expect((await search(admin, { q: 'recepcao' })).totalResults).toBe(3);

    // An edit that changes the order but not the count is seen at once (the kept ranking goes with the count).
    const before = ids(await search(admin, { q: 'recepcao' }));
    const last = before[before.length - 1] ?? 0;
    const current = await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/chamado/${last}` }));
    const edit = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/chamado/${last}`,
        payload: {
          version: current.json<{ version: number }>().version,
          talkValues: [{ subjectAttributeIdentifier: 'segredo', value: 'recepção recepção recepção' }],
        },
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await search(admin, { q: 'recepcao' });
    expect([after.totalResults, ids(after)[0]]).toEqual([3, last]);
  });

  it('pages 10 by default, across subjects, without overlaps; larger pages up to 500', async () => {
    const made: number[] = [];
    for (let i = 0; i < 9; i++) made.push(await createTalk(t.app, admin, 'chamado', { titulo: `Lote ${i}` }));
    for (let i = 0; i < 4; i++) made.push(await createTalk(t.app, admin, 'cliente', { nome: `Lote ${i}` }));
    const first = await search(admin, { q: 'lote' });
    expect([first.totalResults, first.itens.length, first.currentPage]).toEqual([13, 10, 1]);
    expect(first.itens.filter((i) => i.subject === 'chamado')).toHaveLength(9);
    const second = await search(admin, { q: 'lote', page: 2 });
    expect([second.totalResults, second.itens.length, second.currentPage]).toEqual([13, 3, 2]);
    expect(second.itens.every((i) => i.subject === 'cliente')).toBe(true);
    expect([...ids(first), ...ids(second)].sort()).toEqual([...made].sort());
    expect((await search(admin, { q: 'lote', fetch: 25 })).itens).toHaveLength(13);
    expect((await search(admin, { q: 'lote', page: 3 })).itens).toEqual([]);
    const small = await search(admin, { q: 'lote', fetch: 5, page: 2 });
    expect(small.itens.map((i) => i.subject)).toEqual([
      'chamado',
      'chamado',
      'chamado',
      'chamado',
      'cliente',
    ]);
    // A client asking for more than the largest page gets 500 at most and the true total.
    expect((await search(admin, { q: 'lote', fetch: 999999 })).totalResults).toBe(13);

    // A write drops the cached count at once.
    const another = await createTalk(t.app, admin, 'cliente', { nome: 'Lote extra' });
    expect((await search(admin, { q: 'lote' })).totalResults).toBe(14);
    await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/talk/cliente', payload: { talkIds: [another] } }),
    );
    expect((await search(admin, { q: 'lote' })).totalResults).toBe(13);
  });

  it('subj, subj_attr and attr narrow the search to a subject, an attribute, or attributes by identifier', async () => {
    expect(ids(await search(admin, { q: 'impress', subj: 'cliente' }))).toEqual([acme]);
    expect((await search(admin, { q: 'impress', subj: 'nada' })).totalResults).toBe(0);
    // 'recepcao' is in the titles of one ticket and the descriptions of two.
    expect(ids(await search(admin, { q: 'recepcao', subj_attr: chamado.attr.titulo ?? 0 }))).toEqual([
      acmeOther,
    ]);
    const inDescription = await search(admin, { q: 'recepcao', attr: 'descricao' });
    expect(ids(inDescription).sort()).toEqual([acmeTicket, betaTicket].sort());
    // The 'nome' attribute of cliente holds 'impress'; no ticket attribute is called that.
    expect(ids(await search(admin, { q: 'impress', attr: 'nome' }))).toEqual([acme]);
  });

  it('a value only a hidden attribute holds finds nothing, and hidden values are never answered', async () => {
    expect(ids(await search(admin, { q: 'xilofone' }))).toEqual([secretTicket]);
    const hidden = await search(agent, { q: 'xilofone' });
    expect([hidden.totalResults, hidden.itens]).toEqual([0, []]);
    // Naming the hidden attribute does not help.
    const named = await search(agent, { q: 'xilofone', subj_attr: chamado.attr.segredo ?? 0 });
    expect([named.totalResults, named.itens]).toEqual([0, []]);
    expect((await search(agent, { q: 'xilofone', attr: 'segredo' })).totalResults).toBe(0);
    // The record itself is found by what the agent may read, without its hidden value.
    const rotina = await search(agent, { q: 'rotina' });
    expect(ids(rotina)).toEqual([secretTicket]);
    expect(rotina.body).not.toContain('Xilofone');
  });

  it("a customer of room 1196 never sees another company's records, nor another customer's", async () => {
    // Record ids are per subject: a result is its subject and id.
    const keys = (page: SearchPage) => page.itens.map((i) => `${i.subject}:${i.talkId}`);
    const acmes = [`chamado:${acmeTicket}`, `chamado:${acmeOther}`, `cliente:${acme}`];
    const betas = [`chamado:${betaTicket}`, `cliente:${beta}`];
    for (const [token, mine, theirs] of [
      [customerA, acmes, betas],
      [customerB, betas, acmes],
    ] as const) {
      // Words of both companies' tickets and names.
      for (const q of ['recepcao', 'impress', 'a']) {
        const page = await search(token, { q, fetch: 500 });
        for (const key of keys(page)) expect(mine).toContain(key);
        expect(page.totalResults).toBe(page.itens.length);
        for (const key of theirs) expect(keys(page)).not.toContain(key);
      }
    }
    // Counts leave out what they may not read: the administrator's 'recepcao' is 3.
    expect((await search(customerA, { q: 'recepcao' })).totalResults).toBe(2);
    expect((await search(customerB, { q: 'recepcao' })).totalResults).toBe(1);
    const b = await search(customerB, { q: 'impress' });
    expect(b.body).not.toContain('ACME');
    expect(keys(b)).toEqual([`chamado:${betaTicket}`]);
  });

  it('needs a session and a well-formed query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=rede' });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject(as(admin, { method: 'GET', url: '/api/search?q=rede&subj_attr=abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field?: string }[] }>().errors[0]?.field).toBe('subj_attr');
  });
});
