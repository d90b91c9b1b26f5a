import { sql, type RawBuilder } from 'kysely';
import type { AggregateBucket } from '@talkbase/domain/contracts/aggregates';
import type { DialectName } from '../../db/database.ts';
import { offsetSteps } from './zone-offsets.ts';

type Sql = RawBuilder<unknown>;

/**
 * A date-time column (ms since the epoch) as the first day of its bucket, 'YYYY-MM-DD', in the
 * company's time zone. PostgreSQL converts with its own time zones; SQLite shifts the instant by
 * the zone's offset at that instant (zone-offsets.ts, newest offsets tested first) and buckets it
 * as UTC. Weeks start on Monday.
 */
export function dateTimeBucket(
  dialect: DialectName,
  col: Sql,
  bucket: AggregateBucket,
  timeZone: string,
): Sql {
  if (dialect === 'postgres') {
    const local = sql`timezone(${timeZone}::text, to_timestamp(${col} / 1000.0))`;
    return sql`to_char(date_trunc(${bucket}::text, ${local}), 'YYYY-MM-DD')`;
  }
  const steps = offsetSteps(timeZone);
  const shift =
    steps.length === 1
      ? sql`${steps[0]?.offsetMs ?? 0}`
      : sql`case ${sql.join(
          steps
            .slice(1)
            .reverse()
            .map((s) => sql`when ${col} >= ${s.from} then ${s.offsetMs}`),
          sql` `,
        )} else ${steps[0]?.offsetMs ?? 0} end`;
  const seconds = sql`(${col} + ${shift}) / 1000`;
  return civilBucket('sqlite', sql`date(${seconds}, 'unixepoch')`, bucket);
}

/** A date column ('YYYY-MM-DD') as the first day of its bucket. */
export function civilBucket(dialect: DialectName, col: Sql, bucket: AggregateBucket): Sql {
  if (bucket === 'day') return col;
  if (bucket === 'month') return sql`substr(${col}, 1, 7) || '-01'`;
  return dialect === 'postgres'
    ? sql`to_char(date_trunc('week', cast(${col} as date)), 'YYYY-MM-DD')`
    : sql`date(${col}, 'weekday 0', '-6 days')`;
}
