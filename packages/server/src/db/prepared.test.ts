import type { Kysely } from 'kysely';
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
});
