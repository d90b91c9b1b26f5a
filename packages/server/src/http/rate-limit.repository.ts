import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters kept in the database, so every server instance shares them.
 * Returns the count in the current window after this hit.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  at: number,
): Promise<{ count: number; windowStart: number }> {
  const windowFloor = at - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: at, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${windowFloor} then 1 else rate_limits.count + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${windowFloor} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: row.window_start };
}

export async function resetRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
