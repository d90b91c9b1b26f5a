import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, login, type TestApp } from '../test/harness.ts';
import { createCrm, createTalk } from '../test/records.ts';
import { CatalogCache } from './catalog.ts';

let t: TestApp;
let other: FastifyInstance;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  other = await t.sibling();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
});
afterEach(async () => {
  await t.close();
});

const subjectOf = async (app: FastifyInstance, identifier: string) =>
  (await app.inject(as(admin, { method: 'GET', url: `/api/subject/${identifier}` }))).json<Subject>();

/** A room that may read the subject (made through `app`), a person in it and their token. */
async function readerOf(app: FastifyInstance, subjectId: number) {
  const room = await app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/room',
      payload: {
        roomName: 'Leitura',
        permissions: { subjects: [{ resourceId: subjectId, actions: ['read'] }] },
      },
    }),
  );
  const roomId = room.json<{ roomId: number }>().roomId;
  const person = await createPerson(t.app, admin, { roomId });
  return { roomId, person, reader: (await login(t.app, person.email, person.password)).token };
}

describe('the catalog kept in memory', () => {
  it('sees a schema change made through another instance on the very next request', async () => {
    // Both instances have the catalog in memory before the change.
    await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
    await createTalk(other, admin, 'cliente', { nome: 'Beta' });

    const added = await other.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject/cliente/attribute',
        payload: { identifier: 'apelido', name: 'Apelido', componentId: 1 },
      }),
    );
    expect(added.statusCode).toBe(201);
    const id = await createTalk(t.app, admin, 'cliente', { nome: 'Gama', apelido: 'G' });
    const read = (await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/cliente/${id}` }))).json<{
      talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
    }>();
    expect(read.talkValues.find((v) => v.subjectAttributeIdentifier === 'apelido')?.value).toBe('G');

    const removed = await other.inject(
      as(admin, {
        method: 'DELETE',
        url: `/api/subject/cliente/attribute/apelido`,
      }),
    );
    expect(removed.statusCode).toBe(200);
    const stale = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/cliente',
        payload: { talkValues: [{ subjectAttributeIdentifier: 'apelido', value: 'x' }] },
      }),
    );
    expect(stale.statusCode).toBe(400);
  });

  it('applies a room change made through another instance on the very next request', async () => {
    const chamado = await subjectOf(t.app, 'chamado');
    const { roomId, reader } = await readerOf(other, chamado.subjectId);
    const page = { method: 'POST' as const, url: '/api/talk/filter/chamado', payload: {} };
    expect((await t.app.inject(as(reader, page))).statusCode).toBe(200);

    const revoked = await other.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/room/${roomId}`,
        payload: { roomName: 'Leitura', permissions: { subjects: [] } },
      }),
    );
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject(as(reader, page))).statusCode).toBe(404);
  });

  it("applies an account's limits and a room's settings changed elsewhere on the very next request", async () => {
    const chamado = await subjectOf(t.app, 'chamado');
    const prioridade = chamado.subjectAttributes.find(
      (a) => a.identifier === 'prioridade',
    )?.subjectAttributeId;
    const one = await createTalk(t.app, admin, 'chamado', { titulo: 'Um', prioridade: 1 });
    const two = await createTalk(t.app, admin, 'chamado', { titulo: 'Dois', prioridade: 2 });
    const { roomId, person, reader } = await readerOf(t.app, chamado.subjectId);
    const seen = async () => {
      const res = await t.app.inject(
        as(reader, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 50 } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ itens: { talkId: number }[] }>()
        .itens.map((i) => i.talkId)
        .sort((a, b) => a - b);
    };
    expect(await seen()).toEqual([one, two]);

    // The account's attribute value, set through the other instance: only its rows.
    const account = (id: number, payload: Record<string, unknown>) =>
      other.inject(as(admin, { method: 'PUT', url: `/api/account/${id}`, payload }));
    const limited = await account(person.accountId, { attributes: [{ attributeId: prioridade, value: 2 }] });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(await seen()).toEqual([two]);
    expect((await account(person.accountId, { attributes: [] })).statusCode).toBe(200);
    expect(await seen()).toEqual([one, two]);

    // The records shared with it, written by hand: only those.
    await t.db.kysely
      .updateTable('accounts')
      .set({
        shared_talks: JSON.stringify([{ subjectIdentifier: 'chamado', name: 'Um', talks: [{ id: one }] }]),
      })
      .where('id', '=', person.accountId)
      .execute();
    expect(await seen()).toEqual([one]);

    // The room's settings alone (no permission row touched): the subject now asks for a certificate.
    await t.db.kysely
      .updateTable('rooms')
      .set({ settings: JSON.stringify({ requireDigitalSignature: [chamado.subjectId] }) })
      .where('id', '=', roomId)
      .execute();
    const gated = await t.app.inject(
      as(reader, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 50 } }),
    );
    expect(gated.statusCode).toBe(403);
  });

  it('never keeps what a transaction saw before it rolled back', async () => {
    const cache = new CatalogCache(t.db.kysely);
    const before = await cache.get(1);
    const attempt = t.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('subjects')
        .values({
          company_id: 1,
          identifier: 'fantasma',
          name: 'Fantasma',
          icon: null,
          is_builtin: 0,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      expect((await cache.get(1, trx)).subjectsByIdentifier.has('fantasma')).toBe(true);
      throw new Error('rollback');
    });
    await expect(attempt).rejects.toThrow('rollback');
    const after = await cache.get(1);
    expect(after.subjectsByIdentifier.has('fantasma')).toBe(false);
    expect(after.version).toBe(before.version);
    // The next real change moves the version past the rolled-back one and is seen.
    await createTalk(t.app, admin, 'cliente', { nome: 'Delta' });
    expect((await cache.get(1)).subjectsByIdentifier.has('cliente')).toBe(true);
  });
});
