import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk, valuesOf } from '../../test/records.ts';
import type { ApiTalk } from './record-presenter.ts';

let t: TestApp;
let admin: string;
let acme: number;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
});
afterEach(async () => {
  await t.close();
});

const ticket = (titulo: string, extra: Record<string, unknown> = {}) => ({
  talkValues: Object.entries({ titulo, cliente: acme, ...extra }).map(([k, value]) => ({
    subjectAttributeIdentifier: k,
    value,
  })),
});
const count = async () =>
  (await t.app.inject(as(admin, { method: 'POST', url: '/api/talk/filter/chamado', payload: {} }))).json<{
    totalResults: number;
  }>().totalResults;
const read = async (id: number) =>
  (await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/chamado/${id}` }))).json<ApiTalk>();

describe('related child records (/talk/{subject}/many)', () => {
  it('creates several records in one call and answers their ids in order', async () => {
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado/many',
        payload: { talks: [ticket('Primeiro'), ticket('Segundo'), ticket('Terceiro')] },
      }),
    );
    expect(res.statusCode).toBe(201);
    const { resourceIds } = res.json<{ resourceIds: number[] }>();
    expect(resourceIds).toHaveLength(3);
    expect((await Promise.all(resourceIds.map(read))).map((r) => valuesOf(r).titulo)).toEqual([
      'Primeiro',
      'Segundo',
      'Terceiro',
    ]);
    // The list itself is accepted as the body too.
    const bare = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/chamado/many', payload: [ticket('Quarto')] }),
    );
    expect(bare.statusCode).toBe(201);
    expect(await count()).toBe(4);
  });

  it('creates none when one is wrong, naming the item and the field', async () => {
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado/many',
        payload: {
          talks: [ticket('Bom'), { talkValues: [{ subjectAttributeIdentifier: 'prioridade', value: 1 }] }],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ message: expect.any(String) as string, field: 'talks.1.titulo' }]);
    // A reference to a record that does not exist fails inside the transaction: still nothing kept.
    const missing = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/chamado/many',
        payload: { talks: [ticket('Bom'), ticket('Ruim', { cliente: 999_999 })] },
      }),
    );
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)[0]?.field).toBe('talks.1.cliente');
    expect(await count()).toBe(0);
  });

  it('changes several records in one call, all or none, with their versions', async () => {
    const a = await createTalk(t.app, admin, 'chamado', { titulo: 'A' });
    const b = await createTalk(t.app, admin, 'chamado', { titulo: 'B' });
    const ok = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: '/api/talk/chamado/many',
        payload: {
          talks: [
            { talkId: a, version: 1, ...ticket('A2') },
            { talkId: b, version: 1, ...ticket('B2') },
          ],
        },
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ resourceIds: [a, b] });
    expect(valuesOf(await read(a)).titulo).toBe('A2');

    // b is now at version 2: a stale item refuses the whole batch, and a keeps its value.
    const stale = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: '/api/talk/chamado/many',
        payload: {
          talks: [
            { talkId: a, version: 2, ...ticket('A3') },
            { talkId: b, version: 1, ...ticket('B3') },
          ],
        },
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(errorsOf(stale)[0]?.field).toBe('talks.1');
    expect(valuesOf(await read(a)).titulo).toBe('A2');
    expect((await read(b)).version).toBe(2);
  });

  it('checks the room: 404 without read, 403 without create, and the batch limit', async () => {
    const room = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: { roomName: 'Só leitura', permissions: { subjects: [] } },
      }),
    );
    const person = await createPerson(t.app, admin, { roomId: room.json<{ roomId: number }>().roomId });
    const user = (await login(t.app, person.email, person.password)).token;
    const call = { method: 'POST' as const, url: '/api/talk/chamado/many', payload: [ticket('X')] };
    expect((await t.app.inject(as(user, call))).statusCode).toBe(404);
    const chamado = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<{
      subjectId: number;
    }>();
    const readOnly = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: {
          roomName: 'Leitura de chamados',
          permissions: { subjects: [{ resourceId: chamado.subjectId, actions: ['read'] }] },
        },
      }),
    );
    const reader = await createPerson(t.app, admin, { roomId: readOnly.json<{ roomId: number }>().roomId });
    const readerToken = (await login(t.app, reader.email, reader.password)).token;
    expect((await t.app.inject(as(readerToken, call))).statusCode).toBe(403);
    expect((await t.app.inject(call)).statusCode).toBe(401);
    const tooMany = await t.app.inject(
      as(admin, { ...call, payload: Array.from({ length: 201 }, (_, i) => ticket(`T${i}`)) }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(errorsOf(tooMany)[0]?.message).toBe('Envie no máximo 200 registros por vez.');
    expect(await count()).toBe(0);
  });
});
