import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { prepared } from './prepared.ts';
import type { Database } from './schema.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('queries compiled once (prepared)', () => {
  it('runs with each call’s values, keeps the query’s own constants, and one text per key', async () => {
    const k = t.db.kysely;
    const at = Date.now();
    for (const [key, window] of [
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ] as const)
      await k
        .insertInto('rate_limits')
        .values({ key, window_start: at + window, count: window })
        .execute();

    let builds = 0;
    // `count >= 2` is the query's own constant; the key names the column the text orders by.
    const query = prepared((db: Kysely<Database>, order: 'key' | 'window_start', from: number) => {
      builds++;
      return db
        .selectFrom('rate_limits')
        .select('key')
        .where('window_start', '>=', from)
        .where('count', '>=', 2)
        .orderBy(order, 'desc');
    });
    expect(await query(k, 'key', at)).toEqual([{ key: 'b' }, { key: 'a' }]);
    expect(await query(k, 'key', at + 3)).toEqual([{ key: 'a' }]);
    expect(await query(k, 'window_start', at)).toEqual([{ key: 'a' }, { key: 'b' }]);
    // Inside a transaction too (its executor shares the dialect's adapter): no new build.
    expect(await k.transaction().execute((trx) => query(trx, 'key', at + 2))).toEqual([
      { key: 'b' },
      { key: 'a' },
    ]);
    expect(builds).toBe(2);
  });

  it('keeps a bounded number of texts when keys come from input', async () => {
    const k = t.db.kysely;
    let builds = 0;
    const query = prepared((db: Kysely<Database>, key: number, from: number) => {
      builds++;
      return db
        .selectFrom('rate_limits')
        .select(sql<number>`${sql.lit(key)}`.as('k'))
        .where('window_start', '>=', from);
    });
    for (let key = 0; key < 501; key++) await query(k, key, 0);
    expect(builds).toBe(501);
    // The 501st key started the cache over: the first is built again, the last is kept.
    await query(k, 0, 0);
    await query(k, 500, 0);
    expect(builds).toBe(502);
  });
});
