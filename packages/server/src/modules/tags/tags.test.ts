import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tag, TagPage, TagProgress, TalkTag } from '@talkbase/domain/contracts/tags';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { as, createPerson, errorsOf, login } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { createCast, type Cast } from '../messages/messages-test-setup.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

let c: Cast;
let prioridadeId: number;
let tituloId: number;
beforeAll(async () => {
  c = await createCast();
  const chamado = await subjectIds(c.t.app, c.tokens.admin, 'chamado');
  prioridadeId = chamado.attr.prioridade ?? 0;
  tituloId = chamado.attr.titulo ?? 0;
}, 60_000);
afterAll(async () => {
  await c.t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  c.t.app.inject(
    as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );

const highPriority = (name = 'Urgente', color = '#E03131') => ({
  tagName: name,
  tagColor: color,
  tagFilters: [
    {
      filterName: 'Prioridade alta',
      filter: {
        condition: 'E',
        rules: [{ attribute: 'prioridade', operator: 'greater_or_equal', value: 3 }],
      },
      subjectAttributeId: prioridadeId,
    },
  ],
});

async function createTag(body: unknown): Promise<number> {
  const res = await call(c.tokens.admin, 'POST', '/api/tag', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ tagId: number }>().tagId;
}

/** Waits for the tag's background re-tagging to finish, as a client would poll its progress. */
async function settled(tagId: number): Promise<TagProgress> {
  const end = Date.now() + 10_000;
  for (;;) {
    const res = await call(c.tokens.admin, 'GET', `/api/tag/${tagId}/progress`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<TagProgress>();
    if (p.state === 'done') return p;
    if (Date.now() > end) throw new Error(`re-tagging never finished: ${res.body}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const tagsOf = async (token: string, talkId: number): Promise<TalkTag[]> => {
  const res = await call(token, 'GET', `/api/talk/chamado/${talkId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiTalk>().tags;
};

const setPriority = async (token: string, talkId: number, value: number) => {
  const res = await call(token, 'PUT', `/api/talk/chamado/${talkId}`, {
    talkValues: [{ subjectAttributeIdentifier: 'prioridade', value }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiTalk>();
};

describe('tags API', () => {
  it('creates, reads, lists by term, updates and deletes a tag', async () => {
    const tagId = await createTag(highPriority('Crítico', '#aa0000'));
    const read = await call(c.tokens.admin, 'GET', `/api/tag/${tagId}`);
    expect(read.statusCode).toBe(200);
    const tag = read.json<Tag>();
    expect(tag).toMatchObject({ tagId, tagName: 'Crítico', tagColor: '#aa0000' });
    expect(tag.tagFilters).toHaveLength(1);
    expect(tag.tagFilters[0]).toMatchObject({
      filterName: 'Prioridade alta',
      subjectAttributeId: prioridadeId,
      subject: 'chamado',
    });
    expect(JSON.parse(tag.tagFilters[0]?.filter ?? '')).toEqual({
      condition: 'E',
      rules: [{ attribute: 'prioridade', operator: 'greater_or_equal', value: 3 }],
    });

    // The term matches without accents, and pages answer the true total.
    const found = await call(c.tokens.admin, 'GET', '/api/tag?term=critico&page=1&fetch=10');
    expect(found.json<TagPage>()).toMatchObject({ totalResults: 1, currentPage: 1 });
    expect(found.json<TagPage>().itens).toEqual([{ tagId, tagName: 'Crítico', tagColor: '#aa0000' }]);

    const filterId = tag.tagFilters[0]?.filterId;
    const put = await call(c.tokens.admin, 'PUT', `/api/tag/${tagId}`, {
      ...highPriority('Crítico 2', '#00aa00'),
      tagFilters: [{ ...highPriority().tagFilters[0], filterId, filterName: 'Renomeado' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Tag>()).toMatchObject({ tagName: 'Crítico 2', tagColor: '#00aa00' });
    expect(put.json<Tag>().tagFilters).toMatchObject([{ filterId, filterName: 'Renomeado' }]);

    expect((await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`)).statusCode).toBe(204);
    expect((await call(c.tokens.admin, 'GET', `/api/tag/${tagId}`)).statusCode).toBe(404);
  });

  it('refuses a missing or long name, a bad colour, no filters, an unknown attribute in a filter', async () => {
    const bad = async (body: unknown, status: number, field: string) => {
      const res = await call(c.tokens.admin, 'POST', '/api/tag', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(errorsOf(res).map((e) => e.field)).toContain(field);
    };
    await bad({ ...highPriority(), tagName: '  ' }, 400, 'tagName');
    await bad({ ...highPriority(), tagName: 'x'.repeat(51) }, 400, 'tagName');
    await bad({ ...highPriority(), tagColor: 'red' }, 400, 'tagColor');
    await bad({ ...highPriority(), tagFilters: [] }, 400, 'tagFilters');
    await bad(
      { ...highPriority(), tagFilters: [{ ...highPriority().tagFilters[0], filterName: 'f'.repeat(101) }] },
      400,
      'tagFilters.0.filterName',
    );
    await bad(
      {
        ...highPriority(),
        tagFilters: [
          { ...highPriority().tagFilters[0], filter: { attribute: 'nada', operator: 'equal', value: 1 } },
        ],
      },
      422,
      'tagFilters.0.filter',
    );
    await bad(
      { ...highPriority(), tagFilters: [{ ...highPriority().tagFilters[0], filter: '{not json' }] },
      400,
      'tagFilters.0.filter',
    );
    const res = await call(c.tokens.admin, 'POST', '/api/tag', { ...highPriority(), tagName: '' });
    expect(errorsOf(res)[0]?.message).toBe('Campo obrigatório.');
    expect((await call(c.tokens.admin, 'GET', '/api/tag?term=' + 'a'.repeat(51))).statusCode).toBe(400);
  });

  it('is for administrators of room 1 only', async () => {
    const otherAdmin = await createPerson(c.t.app, c.tokens.admin, { roomId: 1196, isAdmin: true });
    const otherAdminToken = (await login(c.t.app, otherAdmin.email, otherAdmin.password)).token;
    const tagId = await createTag(highPriority('Restrita'));
    for (const token of [otherAdminToken, c.tokens.agent1, c.tokens.customer]) {
      expect((await call(token, 'GET', '/api/tag')).statusCode).toBe(403);
      expect((await call(token, 'GET', `/api/tag/${tagId}`)).statusCode).toBe(403);
      expect((await call(token, 'POST', '/api/tag', highPriority())).statusCode).toBe(403);
      expect((await call(token, 'PUT', `/api/tag/${tagId}`, highPriority())).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/api/tag/${tagId}`)).statusCode).toBe(403);
    }
    // Another company's administrator is not in room 1 either.
    expect((await call(c.tokens.other, 'GET', `/api/tag/${tagId}`)).statusCode).toBe(403);
    expect((await call(c.tokens.admin, 'GET', `/api/tag/${tagId}`)).statusCode).toBe(200);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });

  it('offers every signed-in account the tags to filter a grid by: names and colours, never filters nor another company’s', async () => {
    const tagId = await createTag(highPriority('Opção visível', '#2F9E44'));
    try {
      for (const token of [c.tokens.admin, c.tokens.agent1, c.tokens.customer]) {
        const res = await call(token, 'GET', '/api/tag/options?page=1&fetch=500&term=opcao');
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<TagPage>();
        expect(page.itens).toEqual([{ tagId, tagName: 'Opção visível', tagColor: '#2f9e44' }]);
        expect(page.totalResults).toBe(1);
      }
      const foreign = await call(c.tokens.other, 'GET', '/api/tag/options?page=1&fetch=500');
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json<TagPage>().itens.map((t) => t.tagId)).not.toContain(tagId);
      expect((await c.t.app.inject({ method: 'GET', url: '/api/tag/options' })).statusCode).toBe(401);
      expect((await call(c.tokens.agent1, 'GET', '/api/tag/options?fetch=0')).statusCode).toBe(400);
    } finally {
      await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
    }
  });
});

describe('records and their tags', () => {
  it('answers a record’s tags in name order, the same read alone as in a page', async () => {
    // Made in this order, their ids are not in name order.
    const zeta = await createTag(highPriority('Zeta', '#1971C2'));
    const alfa = await createTag(highPriority('Alfa', '#2F9E44'));
    await settled(zeta);
    await settled(alfa);
    const id = await createTalk(c.t.app, c.tokens.admin, 'chamado', {
      titulo: 'Dois rótulos',
      prioridade: 5,
    });
    const expected = [
      { tagId: alfa, tagName: 'Alfa', tagColor: '#2f9e44' },
      { tagId: zeta, tagName: 'Zeta', tagColor: '#1971c2' },
    ];
    expect(await tagsOf(c.tokens.admin, id)).toEqual(expected);
    const page = await call(c.tokens.admin, 'POST', '/api/talk/filter/chamado', {
      filterJson: { attribute: 'id', operator: 'equal', value: id },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ itens: ApiTalk[] }>().itens.map((x) => x.tags)).toEqual([expected]);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${zeta}`);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${alfa}`);
    expect(await tagsOf(c.tokens.admin, id)).toEqual([]);
  });

  it('a record created or edited to match gains the tag; edited away it loses it', async () => {
    const tagId = await createTag(highPriority('Alta'));
    await settled(tagId);
    const urgent = await createTalk(c.t.app, c.tokens.admin, 'chamado', {
      titulo: 'Servidor caiu',
      prioridade: 5,
    });
    const calm = await createTalk(c.t.app, c.tokens.admin, 'chamado', { titulo: 'Dúvida', prioridade: 1 });
    expect(await tagsOf(c.tokens.admin, urgent)).toEqual([{ tagId, tagName: 'Alta', tagColor: '#e03131' }]);
    expect(await tagsOf(c.tokens.admin, calm)).toEqual([]);

    const edited = await setPriority(c.tokens.admin, calm, 4);
    expect(edited.tags).toEqual([{ tagId, tagName: 'Alta', tagColor: '#e03131' }]);
    await setPriority(c.tokens.admin, calm, 2);
    expect(await tagsOf(c.tokens.admin, calm)).toEqual([]);

    // A deleted record leaves no membership behind.
    const del = await call(c.tokens.admin, 'DELETE', '/api/talk/chamado', {
      subject: 'chamado',
      talkIds: [urgent],
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await c.t.db.kysely
      .selectFrom('talk_tags')
      .select('tag_id')
      .where('talk_id', '=', urgent)
      .execute();
    expect(left).toEqual([]);
    await setPriority(c.tokens.admin, calm, 9);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
    expect(await tagsOf(c.tokens.admin, calm)).toEqual([]);
  });

  it('records created together in one batch each gain the tag they match, and only those', async () => {
    const tagId = await createTag(highPriority('Lote alto', '#1971c2'));
    await settled(tagId);
    const res = await call(c.tokens.admin, 'POST', '/api/talk/chamado/many', {
      talks: [5, 1, 3, 2, 9].map((prioridade, i) => ({
        talkValues: [
          { subjectAttributeIdentifier: 'titulo', value: `Lote ${String(i)}` },
          { subjectAttributeIdentifier: 'prioridade', value: prioridade },
        ],
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json<{ resourceIds: number[] }>().resourceIds;
    const tagged = [];
    for (const id of ids) tagged.push((await tagsOf(c.tokens.admin, id)).some((t) => t.tagId === tagId));
    expect(tagged).toEqual([true, false, true, false, true]);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });

  it('re-tags existing records in the background when a tag or its filters change, with progress', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await createTalk(c.t.app, c.tokens.admin, 'chamado', { titulo: `Lote ${i}`, prioridade: i % 4 }),
      );
    const tagId = await createTag({
      ...highPriority('Lote'),
      tagFilters: [
        {
          filterName: 'Lote',
          filter: { attribute: 'titulo', operator: 'begins_with', value: 'Lote' },
          subjectAttributeId: tituloId,
        },
      ],
    });
    const done = await settled(tagId);
    expect(done.processed).toBe(done.total);
    expect(done.total).toBeGreaterThanOrEqual(12);
    expect(done.finishedAt).not.toBeNull();
    for (const id of ids) expect((await tagsOf(c.tokens.admin, id)).map((t) => t.tagId)).toEqual([tagId]);

    // The filter changes: records that no longer match lose the tag, the others keep it.
    const put = await call(c.tokens.admin, 'PUT', `/api/tag/${tagId}`, {
      ...highPriority('Lote'),
      tagFilters: [
        {
          filterName: 'Lote alto',
          filter: {
            condition: 'E',
            rules: [
              { attribute: 'titulo', operator: 'begins_with', value: 'Lote' },
              { attribute: 'prioridade', operator: 'equal', value: 3 },
            ],
          },
          subject: 'chamado',
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    await settled(tagId);
    for (const [i, id] of ids.entries())
      expect((await tagsOf(c.tokens.admin, id)).length, `Lote ${i}`).toBe(i % 4 === 3 ? 1 : 0);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });

  it('a restarted server resumes an unfinished re-tagging from where it stopped', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        await createTalk(c.t.app, c.tokens.admin, 'chamado', { titulo: `Retomada ${i}`, prioridade: 9 }),
      );
    const tagId = await createTag({
      ...highPriority('Retomada'),
      tagFilters: [
        {
          filterName: 'Retomada',
          filter: { attribute: 'titulo', operator: 'begins_with', value: 'Retomada' },
          subject: 'chamado',
        },
      ],
    });
    await settled(tagId);
    // As if the server had stopped after the batch ending at the third record: the run is left
    // 'running' with its cursor there, and the later records were never reached.
    const k = c.t.db.kysely;
    const cursor = ids[2] ?? 0;
    await k.deleteFrom('talk_tags').where('tag_id', '=', tagId).where('talk_id', '>', cursor).execute();
    await k
      .updateTable('tag_runs')
      .set({ state: 'running', last_id: cursor, finished_at: null, lease_until: 0 })
      .where('tag_id', '=', tagId)
      .execute();
    // The records up to the cursor lose the tag behind the run's back: a resumed run does not redo them.
    await k
      .deleteFrom('talk_tags')
      .where('tag_id', '=', tagId)
      .where('talk_id', '=', ids[0] ?? 0)
      .execute();
    expect((await call(c.tokens.admin, 'GET', `/api/tag/${tagId}/progress`)).json<TagProgress>().state).toBe(
      'running',
    );

    const restarted = await c.t.sibling();
    await restarted.services.tags.runner.idle();
    await settled(tagId);
    const carried = async (id: number) =>
      (
        await k
          .selectFrom('talk_tags')
          .select('talk_id')
          .where('tag_id', '=', tagId)
          .where('talk_id', '=', id)
          .execute()
      ).length;
    for (const id of ids.slice(3)) expect(await carried(id)).toBe(1);
    expect(await carried(ids[0] ?? 0)).toBe(0);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });

  it('a tag set by an automation stays when the record does not match; removing it takes it away', async () => {
    const tagId = await createTag(highPriority('Manual'));
    await settled(tagId);
    const talkId = await createTalk(c.t.app, c.tokens.admin, 'chamado', { titulo: 'Manual', prioridade: 0 });
    const ref = { companyId: 1, subject: 'chamado', talkId };
    expect(await c.t.app.services.tags.addTag(ref, tagId)).toBe(true);
    await setPriority(c.tokens.admin, talkId, 1);
    expect((await tagsOf(c.tokens.admin, talkId)).map((t) => t.tagId)).toEqual([tagId]);
    expect(await c.t.app.services.tags.removeTag(ref, tagId)).toBe(true);
    expect(await tagsOf(c.tokens.admin, talkId)).toEqual([]);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });

  it('the grid filters by tags, and a customer sees tags only on records it may read', async () => {
    const tagId = await createTag({
      ...highPriority('Filtro'),
      tagFilters: [
        {
          filterName: 'Altíssima',
          filter: { attribute: 'prioridade', operator: 'greater_or_equal', value: 100 },
          subject: 'chamado',
        },
      ],
    });
    await setPriority(c.tokens.admin, c.acmeTicket, 100);
    await setPriority(c.tokens.admin, c.globexTicket, 100);
    await settled(tagId);
    const page = async (token: string) => {
      const res = await call(token, 'POST', '/api/talk/filter/chamado', { tagIds: [tagId], fetch: 50 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ itens: ApiTalk[]; totalResults: number }>();
    };
    const all = await page(c.tokens.admin);
    expect(all.itens.map((t) => t.talkId).sort()).toEqual([c.acmeTicket, c.globexTicket].sort());
    expect(all.totalResults).toBe(2);
    expect(all.itens.every((t) => t.tags.some((g) => g.tagId === tagId))).toBe(true);

    const mine = await page(c.tokens.customer);
    expect(mine.itens.map((t) => t.talkId)).toEqual([c.acmeTicket]);
    expect(mine.totalResults).toBe(1);
    expect((await call(c.tokens.customer, 'GET', `/api/talk/chamado/${c.globexTicket}`)).statusCode).toBe(
      404,
    );
    expect((await tagsOf(c.tokens.customer, c.acmeTicket)).map((t) => t.tagName)).toEqual(['Filtro']);

    await setPriority(c.tokens.admin, c.globexTicket, 0);
    expect((await page(c.tokens.admin)).itens.map((t) => t.talkId)).toEqual([c.acmeTicket]);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
    expect((await page(c.tokens.admin)).totalResults).toBe(0);
  });
  it('a subject deleted takes its tag filters and its records’ tags with it', async () => {
    const created = await call(c.tokens.admin, 'POST', '/api/subject', {
      identifier: 'lote',
      name: 'Lote',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const tagId = await createTag({
      ...highPriority('Dois assuntos'),
      tagFilters: [
        ...highPriority().tagFilters,
        {
          filterName: 'Lote A',
          filter: { attribute: 'nome', operator: 'equal', value: 'A' },
          subject: 'lote',
        },
      ],
    });
    const lote = await createTalk(c.t.app, c.tokens.admin, 'lote', { nome: 'A' });
    const got = await call(c.tokens.admin, 'GET', `/api/talk/lote/${lote}`);
    expect(got.json<ApiTalk>().tags.map((t) => t.tagId)).toEqual([tagId]);
    const removed = await call(c.tokens.admin, 'DELETE', '/api/subject/lote');
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const tag = (await call(c.tokens.admin, 'GET', `/api/tag/${tagId}`)).json<Tag>();
    expect(tag.tagFilters.map((f) => f.subject)).toEqual(['chamado']);
    await call(c.tokens.admin, 'DELETE', `/api/tag/${tagId}`);
  });
});
