import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk, valuesOf } from '../../test/records.ts';
import type { ApiTalk } from './record-presenter.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
});
afterEach(async () => {
  await t.close();
});

const get = async (subject: string, id: number, token = admin) =>
  t.app.inject(as(token, { method: 'GET', url: `/api/talk/${subject}/${id}` }));
const filter = async (subject: string, body: Record<string, unknown>, token = admin) =>
  t.app.inject(as(token, { method: 'POST', url: `/api/talk/filter/${subject}/`, payload: body }));
type Page = { itens: ApiTalk[]; totalResults: number; currentPage: number };

describe('timeline', () => {
  it('answers each change newest first, with canonical values and the names of referenced records', async () => {
    const acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME Ltda' });
    const beta = await createTalk(t.app, admin, 'cliente', { nome: 'Beta SA' });
    const id = await createTalk(t.app, admin, 'chamado', {
      titulo: 'Primeiro título',
      cliente: acme,
      urgente: false,
      abertura: '2026-11-20T13:45:00-03:00',
      emails: ['a@x.com'],
    });
    const version = (await get('chamado', id)).json<ApiTalk>().version;
    const put = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/chamado/${id}`,
        payload: {
          version,
          talkValues: [
            { subjectAttributeIdentifier: 'cliente', value: beta },
            { subjectAttributeIdentifier: 'urgente', value: true },
            { subjectAttributeIdentifier: 'abertura', value: '2026-11-21T08:00:00-03:00' },
            { subjectAttributeIdentifier: 'emails', value: ['a@x.com', 'b@y.com'] },
          ],
        },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/chamado/${id}/timeline` }));
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<{ itens: Record<string, unknown>[] }>().itens;
    const update = (name: string) => entries.find((e) => e.action === 'updated' && e.attributeName === name);
    expect(update('Cliente')).toMatchObject({
      oldValue: acme,
      newValue: beta,
      oldDisplayValue: 'ACME Ltda',
      newDisplayValue: 'Beta SA',
      accountName: expect.any(String) as string,
    });
    expect(update('Urgente')).toMatchObject({ oldValue: false, newValue: true });
    expect(update('Abertura')).toMatchObject({
      oldValue: '2026-11-20T16:45:00.000Z',
      newValue: '2026-11-21T11:00:00.000Z',
    });
    expect(update('E-mails')).toMatchObject({ oldValue: ['a@x.com'], newValue: ['a@x.com', 'b@y.com'] });
    // Newest first: the update's entries come before the creation's.
    const firstCreated = entries.findIndex((e) => e.action === 'created');
    expect(entries.findIndex((e) => e.action === 'updated')).toBeLessThan(firstCreated);
  });
});

describe('talks', () => {
  it('creates a talk (201, resourceId, Location) and reads it back with typed values', async () => {
    const acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME Ltda', cnpj: '11.222.333/0001-81' });
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado',
        payload: {
          subject: 'chamado',
          talkValues: [
            { subjectAttributeIdentifier: 'titulo', value: 'Impressora não imprime' },
            { subjectAttributeIdentifier: 'cliente', value: acme },
            { subjectAttributeIdentifier: 'prioridade', value: '3' },
            { subjectAttributeIdentifier: 'prazo', value: '2026-12-01' },
            { subjectAttributeIdentifier: 'abertura', value: '2026-11-20T13:45:00-03:00' },
            { subjectAttributeIdentifier: 'urgente', value: true },
            { subjectAttributeIdentifier: 'emails', value: ['a@x.com', 'b@x.com'] },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const { resourceId } = res.json<{ resourceId: number }>();
    expect(res.headers.location).toBe(`/context/talk/chamado/${resourceId}`);

    const talk = (await get('chamado', resourceId)).json<ApiTalk>();
    expect(talk).toMatchObject({
      talkId: resourceId,
      subject: 'chamado',
      isActive: true,
      displayName: 'Impressora não imprime',
      isReadOnly: false,
      version: 1,
    });
    expect(valuesOf(talk)).toEqual({
      titulo: 'Impressora não imprime',
      cliente: acme,
      prioridade: 3,
      prazo: '2026-12-01',
      abertura: '2026-11-20T16:45:00.000Z',
      urgente: true,
      emails: ['a@x.com', 'b@x.com'],
      protocolo: null,
    });
    expect(talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')?.displayValue).toBe(
      'ACME Ltda',
    );
  });

  it('lists every wrong value, and keeps nothing of a refused talk', async () => {
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado',
        payload: {
          talkValues: [
            { subjectAttributeIdentifier: 'titulo', value: 'x'.repeat(121) },
            { subjectAttributeIdentifier: 'prioridade', value: 2147483649 },
            { subjectAttributeIdentifier: 'prazo', value: '2026-02-30' },
            { subjectAttributeIdentifier: 'urgente', value: 'talvez' },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      // The same rules and texts as the web editors (packages/domain/src/fields).
      { message: 'Título deve conter no máximo 120 caracteres', field: 'titulo' },
      { message: 'Prioridade deve estar entre -2147483648 e 2147483648', field: 'prioridade' },
      { message: 'A data informada em Prazo é inválida', field: 'prazo' },
      { message: 'O valor informado em Urgente é inválido', field: 'urgente' },
    ]);
    const missing = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/chamado', payload: { talkValues: [] } }),
    );
    expect(errorsOf(missing)).toEqual([{ message: 'O campo Título é obrigatório', field: 'titulo' }]);
    expect((await filter('chamado', {})).json<Page>().totalResults).toBe(0);
  });

  it('checks CPF/CNPJ check digits with the spec message', async () => {
    const bad = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/cliente',
        payload: {
          talkValues: [
            { subjectAttributeIdentifier: 'nome', value: 'X' },
            { subjectAttributeIdentifier: 'cnpj', value: '11.222.333/0001-82' },
          ],
        },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual([
      { message: 'O número do CNPJ/CPF/identificação informado é inválido', field: 'cnpj' },
    ]);
    // The alphanumeric CNPJ in force since July 2026.
    expect(
      await createTalk(t.app, admin, 'cliente', { nome: 'Nova', cnpj: '12.ABC.345/01DE-35' }),
    ).toBeGreaterThan(0);
  });

  it('refuses a taken natural key and a missing related record (422)', async () => {
    await createTalk(t.app, admin, 'cliente', { nome: 'A', cnpj: '11.222.333/0001-81' });
    const dup = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/cliente',
        payload: {
          talkValues: [
            { subjectAttributeIdentifier: 'nome', value: 'B' },
            { subjectAttributeIdentifier: 'cnpj', value: '11.222.333/0001-81' },
          ],
        },
      }),
    );
    expect(dup.statusCode).toBe(422);
    expect(errorsOf(dup)).toEqual([{ message: 'CNPJ já está sendo usado', field: 'cnpj' }]);
    const ghost = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado',
        payload: {
          talkValues: [
            { subjectAttributeIdentifier: 'titulo', value: 'T' },
            { subjectAttributeIdentifier: 'cliente', value: 999 },
          ],
        },
      }),
    );
    expect(ghost.statusCode).toBe(422);
    expect(errorsOf(ghost)).toEqual([
      { message: 'O registro escolhido em Cliente não existe.', field: 'cliente' },
    ]);
  });

  it('updates with the version read, refuses a stale one (409), and records the timeline', async () => {
    const id = await createTalk(t.app, admin, 'chamado', { titulo: 'Antes', protocolo: 'P-1' });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject(as(admin, { method: 'PUT', url: `/api/talk/chamado/${id}`, payload }));
    const ok = await put({
      version: 1,
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Depois' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ApiTalk>()).toMatchObject({ version: 2, displayName: 'Depois' });

    const stale = await put({
      version: 1,
      talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Outra' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)[0]?.message).toBe(
      'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue-o e tente novamente.',
    );

    const locked = await put({
      version: 2,
      talkValues: [{ subjectAttributeIdentifier: 'protocolo', value: 'P-2' }],
    });
    expect(locked.statusCode).toBe(422);
    expect(errorsOf(locked)).toEqual([
      { message: 'O campo Protocolo não pode ser alterado.', field: 'protocolo' },
    ]);

    const timeline = (
      await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/chamado/${id}/timeline` }))
    ).json<{ itens: Record<string, unknown>[] }>();
    expect(timeline.itens[0]).toMatchObject({
      action: 'updated',
      attributeName: 'Título',
      oldValue: 'Antes',
      newValue: 'Depois',
      accountName: 'Administrador',
    });
    expect(timeline.itens.at(-1)).toMatchObject({ action: 'created', subjectAttributeId: null });
  });

  it('deactivates and activates in batch; deactivated rows are found with isActive=false', async () => {
    const ids = [
      await createTalk(t.app, admin, 'chamado', { titulo: 'Um' }),
      await createTalk(t.app, admin, 'chamado', { titulo: 'Dois' }),
      await createTalk(t.app, admin, 'chamado', { titulo: 'Três' }),
    ];
    const off = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/batchDeactivate/chamado',
        payload: { talkIds: ids.slice(0, 2) },
      }),
    );
    expect(off.json()).toEqual({ changed: 2 });
    expect((await filter('chamado', {})).json<Page>().totalResults).toBe(1);
    const inactive = (await filter('chamado', { isActive: false })).json<Page>();
    expect(inactive.itens.map((i) => i.displayName).sort()).toEqual(['Dois', 'Um']);
    await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/batchActivate/chamado',
        payload: { talkIds: ids.slice(0, 1) },
      }),
    );
    expect((await filter('chamado', {})).json<Page>().totalResults).toBe(2);
    const filtro = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/batchDeactivate/filtro', payload: { talkIds: [1] } }),
    );
    expect(filtro.statusCode).toBe(422);
  });

  it('refuses to delete a record others point to, listing them (422), then deletes', async () => {
    const acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
    const lone = await createTalk(t.app, admin, 'cliente', { nome: 'Sozinho' });
    await createTalk(t.app, admin, 'chamado', { titulo: 'Chamado da ACME', cliente: acme });
    const refused = await t.app.inject(
      as(admin, {
        method: 'DELETE',
        url: '/api/talk/cliente',
        payload: { subject: 'cliente', talkIds: [acme, lone] },
      }),
    );
    expect(refused.statusCode).toBe(422);
    const body = refused.json<{ errors: { message: string }[]; relatedTalks: unknown[] }>();
    expect(body.errors[0]?.message).toBe(
      'Alguns dos registros que você tentou excluir possuem outros registros relacionados.',
    );
    expect(body.relatedTalks).toEqual([
      {
        subject: 'chamado',
        subjectName: 'Chamado',
        talkId: expect.any(Number) as number,
        displayName: 'Chamado da ACME',
        relatedTalkId: acme,
      },
    ]);
    const ok = await t.app.inject(
      as(admin, {
        method: 'DELETE',
        url: '/api/talk/cliente',
        payload: { subject: 'cliente', talkIds: [lone] },
      }),
    );
    expect(ok.json()).toEqual({ deleted: 1 });
    expect((await get('cliente', lone)).statusCode).toBe(404);
  });

  it('filters by tree, saved filter, term and order, paging with the true total', async () => {
    const titles = ['Rede lenta', 'Rede caiu', 'Impressora', 'Configuração de e-mail', 'Acesso à VPN'];
    for (const [i, titulo] of titles.entries())
      await createTalk(t.app, admin, 'chamado', { titulo, prioridade: i + 1 });

    const tree = { condition: 'E', rules: [{ attribute: 'titulo', operator: 'begins_with', value: 'rede' }] };
    const byTree = (await filter('chamado', { filterJson: JSON.stringify(tree) })).json<Page>();
    expect(byTree.itens.map((i) => i.displayName).sort()).toEqual(['Rede caiu', 'Rede lenta']);

    const or = {
      condition: 'OU',
      rules: [
        { attribute: 'prioridade', operator: 'greater_or_equal', value: 5 },
        { attribute: 'titulo', operator: 'equal', value: 'IMPRESSORA' },
      ],
    };
    expect((await filter('chamado', { filterJson: or })).json<Page>().totalResults).toBe(2);

    const accentless = (await filter('chamado', { term: 'configuracao' })).json<Page>();
    expect(accentless.itens.map((i) => i.displayName)).toEqual(['Configuração de e-mail']);
    expect((await filter('chamado', { term: 'zzzz' })).json<Page>().totalResults).toBe(0);
    expect((await filter('chamado', { term: 'ace vpn' })).json<Page>().totalResults).toBe(1);

    const paged = (
      await filter('chamado', { fetch: 2, page: 2, order: { attribute: 'prioridade', direction: 1 } })
    ).json<Page>();
    expect(paged).toMatchObject({ totalResults: 5, currentPage: 2 });
    expect(paged.itens.map((i) => i.displayName)).toEqual(['Impressora', 'Configuração de e-mail']);
    // Up to 10,000 a page (001 §9); above, a 400 rather than a page cut short.
    const huge = (await filter('chamado', { fetch: 10000 })).json<Page>();
    expect(huge.itens).toHaveLength(5);
    expect((await filter('chamado', { fetch: 999999 })).statusCode).toBe(400);

    const saved = await createTalk(t.app, admin, 'filtro', {
      nome: 'Rede',
      filtro: tree,
      assunto: 'chamado',
    });
    const bySaved = (
      await filter('chamado', { filterIds: [saved], order: [{ attribute: 'prioridade', direction: 0 }] })
    ).json<Page>();
    expect(bySaved.itens.map((i) => i.displayName)).toEqual(['Rede caiu', 'Rede lenta']);
    // Saved filters are records of the built-in subject `filtro`, listed like any other.
    const filters = (await filter('filtro', { term: 'rede' })).json<Page>();
    expect(filters.totalResults).toBe(1);
    expect(valuesOf(filters.itens[0] ?? { talkValues: [] })).toMatchObject({ nome: 'Rede' });
  });

  it('a search in record order pages newest or oldest first, past deactivated records and with a filter', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++)
      ids.push(await createTalk(t.app, admin, 'chamado', { titulo: `Rede ${i}`, prioridade: i % 2 }));
    await createTalk(t.app, admin, 'chamado', { titulo: 'Impressora', prioridade: 1 });
    const off = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/batchDeactivate/chamado', payload: { talkIds: [ids[5]] } }),
    );
    expect(off.statusCode).toBe(200);
    const page = async (body: Record<string, unknown>) => {
      const raw = await filter('chamado', { term: 'rede', fetch: 2, ...body });
      if (raw.statusCode !== 200) throw new Error(raw.body);
      const res = raw.json<Page>();
      return { total: res.totalResults, ids: res.itens.map((i) => i.talkId) };
    };
    const [a, b, c, d, e, , g] = ids as [number, number, number, number, number, number, number];
    // Newest first (the default), page by page; the deactivated record is not among them.
    expect(await page({})).toEqual({ total: 6, ids: [g, e] });
    expect(await page({ page: 2 })).toEqual({ total: 6, ids: [d, c] });
    expect(await page({ page: 3 })).toEqual({ total: 6, ids: [b, a] });
    expect(await page({ page: 4 })).toEqual({ total: 6, ids: [] });
    // Oldest first by id, and with a filter.
    expect(await page({ order: { attribute: 'id', direction: 1 } })).toEqual({ total: 6, ids: [a, b] });
    const odd = { attribute: 'prioridade', operator: 'equal', value: 1 };
    expect(await page({ filterJson: odd, fetch: 10 })).toEqual({ total: 4, ids: [g, e, c, a] });
    expect(await page({ isActive: false })).toEqual({ total: 1, ids: [ids[5]] });
  });

  it('a word finds the longer words beginning so, also those written after it was searched', async () => {
    const search = async (term: string) => {
      const raw = await filter('chamado', { term, fetch: 50 });
      if (raw.statusCode !== 200) throw new Error(raw.body);
      const res = raw.json<Page>();
      return { total: res.totalResults, ids: res.itens.map((i) => i.talkId) };
    };
    const word = await createTalk(t.app, admin, 'chamado', { titulo: 'Café frio' });
    // Only the word itself holds it so far (on SQLite the index is then asked for the word alone).
    expect(await search('cafe')).toEqual({ total: 1, ids: [word] });
    // A longer word beginning so, written after that search: found and counted.
    const longer = await createTalk(t.app, admin, 'chamado', { titulo: 'Cafeteira quebrada' });
    expect(await search('cafe')).toEqual({ total: 2, ids: [longer, word] });
    // And one that an edit brings, accented.
    const edited = await createTalk(t.app, admin, 'chamado', { titulo: 'Impressora' });
    expect(await search('cafe')).toEqual({ total: 2, ids: [longer, word] });
    const put = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/chamado/${edited}`,
        payload: {
          version: 1,
          talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Cafézinho' }],
        },
      }),
    );
    expect(put.statusCode).toBe(200);
    expect(await search('cafe')).toEqual({ total: 3, ids: [edited, longer, word] });
    // Two words, each as itself or by prefix, must both be there.
    expect(await search('cafe frio')).toEqual({ total: 1, ids: [word] });
    expect(await search('cafeteira')).toEqual({ total: 1, ids: [longer] });
  });

  it('a term finds every record with words beginning so, as writes come between searches (property)', async () => {
    // Few letters, so that words are prefixes of each other; é folds to e in the index.
    const word = fc.stringMatching(/^[xyzé]{1,4}$/);
    const command = fc.oneof(
      fc.record({ create: fc.array(word, { minLength: 1, maxLength: 3 }) }),
      fc.record({
        search: fc.array(
          word.map((w) => w.slice(0, 3)),
          { minLength: 1, maxLength: 2 },
        ),
      }),
    );
    const fold = (w: string) => w.replace(/é/g, 'e');
    const written: { id: number; words: string[] }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const c of commands) {
          if ('create' in c) {
            const id = await createTalk(t.app, admin, 'chamado', { titulo: c.create.join(' ') });
            written.push({ id, words: c.create.map(fold) });
            continue;
          }
          const raw = await filter('chamado', { term: c.search.join(' '), fetch: 1000 });
          expect(raw.statusCode).toBe(200);
          const page = raw.json<Page>();
          const expected = written
            .filter((r) => c.search.every((w) => r.words.some((rw) => rw.startsWith(fold(w)))))
            .map((r) => r.id)
            .sort((a, b) => b - a);
          expect(
            { total: page.totalResults, ids: page.itens.map((i) => i.talkId) },
            c.search.join(' '),
          ).toEqual({
            total: expected.length,
            ids: expected,
          });
        }
      }),
      { numRuns: 15 },
    );
  });

  it('answers 400 for an invalid tree or order, never a 500', async () => {
    const cases: Record<string, unknown>[] = [
      { filterJson: '{not json' },
      { filterJson: { condition: 'XOR', rules: [] } },
      { filterJson: { attribute: 'nada', operator: 'equal', value: 1 } },
      { filterJson: { attribute: 'titulo', operator: 'greater', value: 1 } },
      { filterJson: { attribute: 'prioridade', operator: 'equal' } },
      { filterJson: { attribute: 'prioridade', operator: 'equal', value: '1; DROP TABLE accounts' } },
      { order: { attribute: 'abertura', direction: 1 } },
    ];
    for (const body of cases) {
      const res = await filter('chamado', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res)[0]?.message).toMatch(/^(Filtro inválido|Não é possível ordenar)/);
    }
    let deep: Record<string, unknown> = { attribute: 'titulo', operator: 'is_empty' };
    for (let i = 0; i < 12; i++) deep = { condition: 'E', rules: [deep] };
    expect((await filter('chamado', { filterJson: deep })).statusCode).toBe(400);
  });

  it('hides subjects the room may not read: 404 for the customer, even by id', async () => {
    const id = await createTalk(t.app, admin, 'chamado', { titulo: 'Interno' });
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    expect((await get('chamado', id, customer)).statusCode).toBe(404);
    expect((await filter('chamado', {}, customer)).statusCode).toBe(404);
    const create = await t.app.inject(
      as(customer, {
        method: 'POST',
        url: '/api/talk/chamado',
        payload: { talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'x' }] },
      }),
    );
    expect(create.statusCode).toBe(404);
    expect((await get('naoexiste', 1)).statusCode).toBe(404);
  });

  it('tells the company’s connected users through SendTalkUpdates', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const other = (await login(t.app)).token;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/websocket?access_token=${other}`);
    const messages: unknown[] = [];
    ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString('utf8'))));
    await new Promise((r) => ws.on('open', r));
    const id = await createTalk(t.app, admin, 'chamado', { titulo: 'Novo' });
    for (let i = 0; i < 100 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(messages[0]).toMatchObject({
      event: 'SendTalkUpdates',
      data: { subject: 'chamado', talkIds: [id] },
    });
    ws.close();
  });
});
