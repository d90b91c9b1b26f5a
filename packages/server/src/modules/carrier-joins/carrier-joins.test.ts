import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';

/**
 * Issue 35 item 3: a carrier relationship (component 29) is saved as join records — one per load,
 * naming the record, the load and the carrier — in the record's own transaction, shown from them
 * when the record is read again, and removed with the record.
 */
let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'carga',
      name: 'Carga',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    },
    {
      identifier: 'averbacao',
      name: 'Averbação',
      attributes: [
        { identifier: 'numero', name: 'Número', componentId: 1 },
        { identifier: 'transporte', name: 'Transporte', componentId: 29, relatedSubject: 'carga' },
        { identifier: 'avulsas', name: 'Avulsas', componentId: 29 },
      ],
    },
  ]) {
    const res = await t.app.inject(as(admin, { method: 'POST', url: '/api/subject', payload }));
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterEach(async () => {
  await t.close();
});

const joins = () =>
  t.db.kysely
    .selectFrom('carrier_joins')
    .select(['talk_id', 'position', 'from_talk_id', 'from_label', 'to_label'])
    .orderBy('talk_id')
    .orderBy('attribute_id')
    .orderBy('position')
    .execute();

const read = async (id: number) => {
  const res = await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/averbacao/${id}` }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    version: number;
    talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
  }>();
};

const write = (method: 'POST' | 'PUT', url: string, values: Record<string, unknown>, version?: number) =>
  t.app.inject(
    as(admin, {
      method,
      url,
      payload: {
        ...(version === undefined ? {} : { version }),
        talkValues: Object.entries(values).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
      },
    }),
  );

describe('carrier relationship join records', () => {
  it('are saved with the record, shown from them when it is read again, replaced on edit, removed with it', async () => {
    const soja = await createTalk(t.app, admin, 'carga', { nome: 'Soja' });
    const milho = await createTalk(t.app, admin, 'carga', { nome: 'Milho' });
    const id = await createTalk(t.app, admin, 'averbacao', {
      numero: 'AV-1',
      transporte: {
        labelFrom: [
          { id: soja, label: 'Soja' },
          { id: milho, label: 'Milho' },
        ],
        labelTo: 'Transportadora Rápida',
      },
      avulsas: { labelFrom: ['Palete 1'], labelTo: 'Frota própria' },
    });
    expect(await joins()).toEqual([
      { talk_id: id, position: 0, from_talk_id: soja, from_label: 'Soja', to_label: 'Transportadora Rápida' },
      {
        talk_id: id,
        position: 1,
        from_talk_id: milho,
        from_label: 'Milho',
        to_label: 'Transportadora Rápida',
      },
      { talk_id: id, position: 0, from_talk_id: null, from_label: 'Palete 1', to_label: 'Frota própria' },
    ]);

    // Read again: the loads as their records are named now.
    const renamed = await write('PUT', `/api/talk/carga/${soja}`, { nome: 'Soja em grãos' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const talk = await read(id);
    expect(valuesOf(talk).transporte).toEqual({
      labelFrom: [
        { id: soja, label: 'Soja em grãos' },
        { id: milho, label: 'Milho' },
      ],
      labelTo: 'Transportadora Rápida',
    });
    expect(valuesOf(talk).avulsas).toEqual({
      labelFrom: [{ id: null, label: 'Palete 1' }],
      labelTo: 'Frota própria',
    });

    // An edit replaces them; editing another field keeps them.
    const edited = await write(
      'PUT',
      `/api/talk/averbacao/${id}`,
      { transporte: { labelFrom: [{ id: milho, label: 'Milho' }], labelTo: 'Outra' } },
      talk.version,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const other = await write('PUT', `/api/talk/averbacao/${id}`, { numero: 'AV-1b' });
    expect(other.statusCode, other.body).toBe(200);
    expect(await joins()).toEqual([
      { talk_id: id, position: 0, from_talk_id: milho, from_label: 'Milho', to_label: 'Outra' },
      { talk_id: id, position: 0, from_talk_id: null, from_label: 'Palete 1', to_label: 'Frota própria' },
    ]);

    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/talk/averbacao', payload: { talkIds: [id] } }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await joins()).toEqual([]);
  });

  it('a load that is not a record of the related subject is refused, and nothing is saved', async () => {
    const soja = await createTalk(t.app, admin, 'carga', { nome: 'Soja' });
    const res = await write('POST', '/api/talk/averbacao', {
      numero: 'AV-2',
      transporte: {
        labelFrom: [
          { id: soja, label: 'Soja' },
          { id: 99_999, label: 'Fantasma' },
        ],
        labelTo: 'X',
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      errors: [{ message: 'O registro escolhido em Transporte não existe.', field: 'transporte' }],
    });
    expect(await joins()).toEqual([]);
    const count = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/filter/averbacao', payload: { page: 1, fetch: 10 } }),
    );
    expect(count.json<{ totalResults: number }>().totalResults).toBe(0);
  });

  it("POST /many saves every record's join records in one transaction, naming the failing item", async () => {
    const soja = await createTalk(t.app, admin, 'carga', { nome: 'Soja' });
    const item = (numero: string, load: number) => ({
      talkValues: [
        { subjectAttributeIdentifier: 'numero', value: numero },
        {
          subjectAttributeIdentifier: 'transporte',
          value: { labelFrom: [{ id: load, label: 'Carga' }], labelTo: 'T' },
        },
      ],
    });
    const bad = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/averbacao/many',
        payload: { talks: [item('A', soja), item('B', 99_999)] },
      }),
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('talks.1.transporte');
    expect(await joins()).toEqual([]);
    const ok = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/averbacao/many',
        payload: { talks: [item('A', soja), item('B', soja)] },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const [a, b] = ok.json<{ resourceIds: number[] }>().resourceIds;
    expect((await joins()).map((j) => [j.talk_id, j.from_talk_id])).toEqual([
      [a, soja],
      [b, soja],
    ]);
  });

  it('a load removed later stays in the relationship under its saved name; editing the record keeps it', async () => {
    const soja = await createTalk(t.app, admin, 'carga', { nome: 'Soja' });
    const id = await createTalk(t.app, admin, 'averbacao', {
      numero: 'AV-3',
      transporte: { labelFrom: [{ id: soja, label: 'Soja' }], labelTo: 'T' },
    });
    const gone = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/talk/carga', payload: { talkIds: [soja] } }),
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const other = await write('PUT', `/api/talk/averbacao/${id}`, { numero: 'AV-3b' });
    expect(other.statusCode, other.body).toBe(200);
    expect(valuesOf(await read(id)).transporte).toEqual({
      labelFrom: [{ id: soja, label: 'Soja' }],
      labelTo: 'T',
    });
  });
});
