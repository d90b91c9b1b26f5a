import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
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

  describe('group commit', () => {
    const open = async (name: string, checkpointThread = true) => {
      const file = path.join(dir, `${name}.db`);
      const db = openDatabase({ sqliteFile: file, checkpointThread });
      await sql`create table t (x integer primary key)`.execute(db.kysely);
      return { db, file };
    };

    it('answers each of many concurrent writes only once it is committed, with fewer commits than writes', async () => {
      const { db, file } = await open('group');
      const other = new BetterSqlite3(file, { readonly: true });
      try {
        const before = db.groupCommit?.commits ?? 0;
        const seenAtAnswer: number[] = [];
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            (i % 2
              ? db.kysely.transaction().execute(async (trx) => {
                  await sql`insert into t values (${i})`.execute(trx);
                })
              : db.kysely
                  .insertInto('t' as never)
                  .values({ x: i } as never)
                  .execute()
            ).then(() => {
              // Another connection sees the row the moment the write is answered: it was committed.
              const row = other.prepare('select count(*) as n from t where x = ?').get(i) as { n: number };
              seenAtAnswer.push(row.n);
            }),
          ),
        );
        expect(seenAtAnswer).toEqual(Array.from({ length: 50 }, () => 1));
        const commits = (db.groupCommit?.commits ?? 0) - before;
        expect(commits).toBeGreaterThan(0);
        expect(commits).toBeLessThan(50);
      } finally {
        other.close();
        await db.close();
      }
    });

    it('rolls back a failing transaction alone, keeping the writes committed with it', async () => {
      const { db } = await open('alone');
      try {
        const write = (x: number, fail: boolean) =>
          db.kysely.transaction().execute(async (trx) => {
            await sql`insert into t values (${x})`.execute(trx);
            if (fail) throw new Error('recusado');
          });
        const results = await Promise.allSettled([write(1, false), write(2, true), write(3, false)]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        const rows = await sql<{ x: number }>`select x from t order by x`.execute(db.kysely);
        expect(rows.rows).toEqual([{ x: 1 }, { x: 3 }]);
      } finally {
        await db.close();
      }
    });

    it('fails every write of a group whose commit SQLite abandoned: none of them is answered as done', async () => {
      const { db } = await open('abandoned');
      try {
        const first = db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
        });
        const second = db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t values (2)`.execute(trx);
          // SQLITE_FULL ends the whole SQLite transaction, the first write's part included.
          await sql`rollback`.execute(trx);
          throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        });
        const [a, b] = await Promise.allSettled([first, second]);
        expect(a.status).toBe('rejected');
        expect(b).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } });
        const rows = await sql<{ x: number }>`select x from t`.execute(db.kysely);
        expect(rows.rows).toEqual([]);
      } finally {
        await db.close();
      }
    });

    it('undoes a failing transaction from pages kept in memory, writing no temporary file, after schema changes too', async () => {
      const { db } = await open('undo');
      // Temporary files SQLite opens are unlinked at once: they show among the process's open files
      // as "… (deleted)" in a temporary directory (Linux).
      const openTempFiles = () =>
        fs.readdirSync('/proc/self/fd').flatMap((fd) => {
          try {
            const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
            return target.endsWith('(deleted)') && /^\/(var\/tmp|usr\/tmp|tmp)\//.test(target)
              ? [target]
              : [];
          } catch {
            return [];
          }
        });
      const rows = async () =>
        (await sql<{ id: number; h: string }>`select id, hex(b) as h from doc order by id`.execute(db.kysely))
          .rows;
      try {
        await sql`create table doc (id integer primary key, b blob)`.execute(db.kysely);
        await sql`insert into doc (b) select randomblob(1000) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) select i from n)`.execute(
          db.kysely,
        );
        // Dropping a column opens SQLite's temporary database until the transaction ends.
        await db.kysely.transaction().execute(async (trx) => {
          await sql`alter table doc add column note text`.execute(trx);
          await sql`alter table doc drop column note`.execute(trx);
        });
        const original = await rows();
        const filesBefore = openTempFiles();
        const filesDuring: string[] = [];
        const kept = db.kysely.transaction().execute(async (trx) => {
          await sql`create index doc_b on doc (b)`.execute(trx);
          await sql`update doc set b = randomblob(1000) where id <= 150`.execute(trx);
        });
        // Joins the same group: its savepoint must restore ~300 KiB of pages the first one shares.
        const failing = db.kysely.transaction().execute(async (trx) => {
          await sql`update doc set b = randomblob(1000)`.execute(trx);
          filesDuring.push(...openTempFiles().filter((f) => !filesBefore.includes(f)));
          throw new Error('recusado');
        });
        const [a, b] = await Promise.allSettled([kept, failing]);
        expect([a.status, b.status]).toEqual(['fulfilled', 'rejected']);
        expect(filesDuring).toEqual([]);
        const after = await rows();
        expect(after.slice(150)).toEqual(original.slice(150));
        expect(after.slice(0, 150).filter((r, i) => r.h === original[i]?.h)).toEqual([]);
        const index = await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where name = 'doc_b'`.execute(db.kysely);
        expect(index.rows[0]?.n).toBe(1);
      } finally {
        await db.close();
      }
    });

    it('reads outside a transaction see committed data only, and never wait for a transaction', async () => {
      const { db } = await open('reads');
      try {
        const { promise: hold, resolve: release } = Promise.withResolvers<undefined>();
        const { promise: inserted, resolve: didInsert } = Promise.withResolvers<undefined>();
        const writing = db.kysely.transaction().execute(async (trx) => {
          await sql`insert into t values (7)`.execute(trx);
          didInsert(undefined);
          await hold;
        });
        await inserted;
        const during = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
        expect(during.rows[0]?.n).toBe(0);
        release(undefined);
        await writing;
        const after = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
        expect(after.rows[0]?.n).toBe(1);
      } finally {
        await db.close();
      }
    });

    it('copies the WAL into the database file on a worker thread, never in a commit', async () => {
      const { db, file } = await open('checkpoint');
      try {
        // The writer's own checkpoint (in its COMMIT, on the event loop's thread) is off.
        const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely);
        expect(auto.rows[0]?.wal_autocheckpoint).toBe(0);
        await sql`create table blob (b blob)`.execute(db.kysely);
        // ~8 MiB of commits: past the 1,000 pages at which SQLite would checkpoint by itself.
        for (let round = 0; round < 8; round++)
          await Promise.all(
            Array.from({ length: 16 }, () =>
              sql`insert into blob values (randomblob(65536))`.execute(db.kysely),
            ),
          );
        await db.walCheckpoints?.idle();
        expect(db.walCheckpoints?.stats.checkpoints).toBeGreaterThan(0);
        // Everything committed was copied into the database file itself (128 × 64 KiB).
        expect(fs.statSync(file).size).toBeGreaterThan(128 * 65536);
        const count = await sql<{ n: number }>`select count(*) as n from blob`.execute(db.kysely);
        expect(count.rows[0]?.n).toBe(128);
      } finally {
        await db.close();
      }
    });

    it('checkpoints in the commits, as SQLite does by itself, when it runs without the thread', async () => {
      const { db, file } = await open('no-thread', false);
      try {
        expect(db.walCheckpoints).toBeUndefined();
        const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely);
        expect(auto.rows[0]?.wal_autocheckpoint).toBe(1000);
        await sql`create table blob (b blob)`.execute(db.kysely);
        for (let round = 0; round < 8; round++)
          await Promise.all(
            Array.from({ length: 16 }, () =>
              sql`insert into blob values (randomblob(65536))`.execute(db.kysely),
            ),
          );
        // Past 1,000 pages of WAL, a commit copied them into the database file.
        expect(fs.statSync(file).size).toBeGreaterThan(64 * 65536);
      } finally {
        await db.close();
      }
    });

    it('commits what is pending when the database closes', async () => {
      const { db, file } = await open('close');
      const { promise: inserted, resolve: didInsert } = Promise.withResolvers<undefined>();
      const pending = db.kysely.transaction().execute(async (trx) => {
        await sql`insert into t values (5)`.execute(trx);
        didInsert(undefined);
      });
      await inserted;
      await Promise.all([db.close(), pending]);
      const check = new BetterSqlite3(file, { readonly: true });
      expect(check.prepare('select x from t').all()).toEqual([{ x: 5 }]);
      check.close();
    });
  });
});
