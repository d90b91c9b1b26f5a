import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/harness.ts';
import { openDatabase } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'talkbase-db-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDatabaseUrl)('the SQLite database', () => {
  it('lets the real failure through when SQLite already ended the transaction itself (a full disk)', async () => {
    const db = openDatabase({ sqliteFile: path.join(dir, 'rollback.db') });
    try {
      await sql`create table t (x integer)`.execute(db.kysely);
      // SQLite rolls a transaction back by itself on SQLITE_FULL and I/O errors; the explicit
      // rollback below stands in for it. Kysely's own rollback must not replace the error.
      const failing = db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });
      await expect(failing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // Nothing of it stayed, and the connection takes new transactions.
      await db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t values (2)`.execute(trx);
      });
      const rows = await sql<{ x: number }>`select x from t`.execute(db.kysely);
      expect(rows.rows).toEqual([{ x: 2 }]);
    } finally {
      await db.close();
    }
  });
});
