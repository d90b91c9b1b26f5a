import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';
import { subjectIds } from '../../modules/templates/template-test-helpers.ts';
import { migrateToLatest } from '../migrate.ts';

/**
 * Records written before migration 0022 have no words by attribute: the migration writes them, so
 * an account with a hidden attribute finds the old records by what it may read, and only by that.
 */

let t: TestApp;
let admin: string;
let agent: string;

const grid = async (token: string, term: string) => {
  const res = await t.app.inject(
    as(token, { method: 'POST', url: '/api/talk/filter/ficha', payload: { term } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itens: { talkId: number }[] }>().itens.map((i) => i.talkId);
};

/** The database as it was before 0022: no words column, no index of it, the migration not run. */
async function before0022(): Promise<void> {
  const db = t.db.kysely;
  const subjects = (await sql<{ id: number }>`select id from subjects`.execute(db)).rows;
  for (const { id } of subjects) {
    const table = `subject_${id}`;
    if (t.db.dialect === 'sqlite') {
      for (const suffix of ['ai', 'ad', 'au'])
        await sql.raw(`drop trigger if exists ${table}_words_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${table}_words`).execute(db);
      await sql.raw(`alter table ${table} drop column attribute_words`).execute(db);
    } else {
      await sql.raw(`alter table ${table} drop column attribute_words cascade`).execute(db);
    }
  }
  await sql`delete from kysely_migration where name = '0022-attribute-words'`.execute(db);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'ficha',
        name: 'Ficha',
        attributes: [
          { identifier: 'texto', name: 'Texto', componentId: 1 },
          { identifier: 'oculto', name: 'Oculto', componentId: 1 },
          { identifier: 'lista', name: 'Lista', componentId: 1, isMultipleValues: true },
          { identifier: 'numero', name: 'Número', componentId: 3 },
        ],
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const ficha = await subjectIds(t.app, admin, 'ficha');
  const roomId = await createRoom(t.app, admin, {
    roomName: 'Leitura',
    permissions: { subjects: [{ resourceId: ficha.id, actions: ['read', 'create', 'update'] }] },
  });
  await setRoomAttributeActions(t.db.kysely, 1, roomId, ficha.attr.oculto ?? 0, ['create']);
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;
});
afterAll(async () => {
  await t.close();
});

describe('migration 0022', () => {
  it('writes the words by attribute of the records already there', async () => {
    const first = await createTalk(t.app, admin, 'ficha', {
      texto: 'Contrato assinado',
      oculto: 'Orçamento sigiloso',
      lista: ['Azul', 'Verde'],
      numero: 42,
    });
    const second = await createTalk(t.app, admin, 'ficha', { texto: 'Proposta', oculto: 'Contrato' });
    // As if written before 0022 (no words by attribute), then migrated.
    await before0022();
    await migrateToLatest(t.db);

    expect(await grid(agent, 'contr')).toEqual([first]);
    expect(await grid(agent, 'verde 42')).toEqual([first]);
    expect(await grid(agent, 'propos')).toEqual([second]);
    expect(await grid(agent, 'sigil')).toEqual([]);
    expect(await grid(admin, 'contr')).toEqual([second, first]);
    // The index follows writes after the migration.
    const edit = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/ficha/${second}`,
        payload: { talkValues: [{ subjectAttributeIdentifier: 'texto', value: 'Contrato novo' }] },
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await grid(agent, 'contr')).toEqual([second, first]);
  });
});
