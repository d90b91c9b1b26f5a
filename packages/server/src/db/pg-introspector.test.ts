import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaUrl, testDatabaseUrl } from '../test/harness.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Several deployments (or test apps) in one PostgreSQL database, each in a schema of its own: one
 * starts — migrates — while others create and drop their schemas. Kysely's own introspector read
 * every schema's columns and failed on a table dropped under it ("schema … does not exist"), so a
 * start could fail because of a neighbour (seen with the server suite on two workers).
 */
const made: string[] = [];

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: testDatabaseUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  if (!testDatabaseUrl) return;
  await admin(async (c) => {
    for (const s of made) await c.query(`drop schema if exists ${s} cascade`);
  });
});

describe.skipIf(!testDatabaseUrl)('a start beside other schemas (PostgreSQL)', () => {
  it('migrates a fresh schema while neighbours create and drop theirs, and sees only its own tables', async () => {
    let churning = true;
    let neighbours = 0;
    // A neighbour made and dropped over and over: a schema of 30 tables with serial ids.
    const churn = admin(async (c) => {
      while (churning) {
        const s = `churn_${crypto.randomBytes(5).toString('hex')}`;
        made.push(s);
        const tables = Array.from(
          { length: 30 },
          (_, i) => `create table ${s}.t${i} (id serial primary key, a text);`,
        );
        await c.query(`create schema ${s}; ${tables.join(' ')}`);
        await c.query(`drop schema ${s} cascade`);
        neighbours++;
      }
    });
    const failures: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
        made.push(schema);
        await admin((c) => c.query(`create schema ${schema}`));
        const db = openDatabase({ databaseUrl: schemaUrl(schema), poolSize: 2 });
        try {
          await migrateToLatest(db);
          const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
          expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
          expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['accounts', 'kysely_migration']));
          const talks = (await db.kysely.introspection.getTables()).find((t) => t.name === 'talk_changes');
          expect(talks?.columns.find((col) => col.name === 'id')).toMatchObject({
            isAutoIncrementing: true,
            isNullable: false,
          });
          expect((await db.kysely.introspection.getTables()).some((t) => t.name === 'kysely_migration')).toBe(
            false,
          );
        } catch (e) {
          failures.push(e instanceof Error ? e.message : String(e));
        } finally {
          await db.close();
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(neighbours).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 120_000);
});
