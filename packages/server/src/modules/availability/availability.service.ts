import { sql } from 'kysely';
import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import { addDays, parseIsoDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import { availabilityDays, readTimeWindow, timeWindowConfig } from '@talkbase/domain/fields/time-window';
import { toZoned } from '@talkbase/domain/fields/zoned-time';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn, talkTable } from '../../records/subject-ddl.ts';
import type { TalksService } from '../records/records.service.ts';

export const TIME_WINDOW_COMPONENT = 28;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The free slots of a time-window attribute (spec 002 §3 "Availability window data"): the slots its
 * componentConfigs offer (time-window.ts), each less one place per active record of the subject
 * already booked there. Bookings of records the account may not read still take their places (a
 * slot is full for everyone), but nothing about them is answered but the count.
 */
export class AvailabilityService {
  private readonly db: Db;
  private readonly talks: TalksService;

  constructor(deps: { db: Db; talks: TalksService }) {
    this.db = deps.db;
    this.talks = deps.talks;
  }

  async days(
    auth: AuthContext,
    subjectIdentifier: string,
    attributeId: number,
    q: { from?: string | undefined; days: number; talkId?: number | undefined },
  ): Promise<AvailabilityAnswer> {
    const { subject, view } = await this.talks.access(auth, subjectIdentifier, 'read');
    // A time window the account may not read does not exist for it.
    const attribute = view.attributes.find((a) => a.id === attributeId);
    if (!attribute || attribute.componentId !== TIME_WINDOW_COMPONENT || attribute.isMultipleValues)
      throw notFound();
    const ctx = await this.talks.ruleContext(auth);
    const wall = toZoned(ctx.now, ctx.timeZone);
    const today = wall ? { year: wall.year, month: wall.month, day: wall.day } : undefined;
    const from = (q.from ? parseIsoDate(q.from) : undefined) ?? today;
    if (!from) throw notFound();
    const to = addDays(from, q.days - 1);

    const column = sql.ref(`t.${attributeColumn(attribute.id)}`);
    // Values are JSON text written by the talks service; only the slots of the asked days are read.
    const dateOf =
      this.db.dialect === 'sqlite'
        ? sql<string>`json_extract(${column}, '$.date')`
        : sql<string>`(${column}::jsonb ->> 'date')`;
    const rows = await sql<{ value: string | null }>`
      select ${column} as value from ${sql.table(talkTable(subject.id))} as t
      where t.is_active = 1 and ${column} is not null
        and ${dateOf} between ${toIsoDate(from)} and ${toIsoDate(to)}
        and t.id <> ${q.talkId ?? 0}`.execute(this.db.kysely);
    const bookings = rows.rows
      .map((r) => {
        try {
          return readTimeWindow(typeof r.value === 'string' ? JSON.parse(r.value) : r.value);
        } catch {
          return undefined;
        }
      })
      .filter((v) => v !== undefined && !v.contingency)
      .map((v) => ({ date: v?.date ?? '', time: v?.time ?? '' }));

    return availabilityDays({
      from,
      days: q.days,
      config: timeWindowConfig(attribute.componentConfigs),
      bookings,
      ...(wall && today
        ? { now: { date: toIsoDate(today), time: `${pad(wall.hour)}:${pad(wall.minute)}` } }
        : {}),
    });
  }
}
