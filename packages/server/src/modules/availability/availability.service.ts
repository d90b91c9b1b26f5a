import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import { addDays, parseIsoDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import { availabilityDays, timeWindowConfig } from '@talkbase/domain/fields/time-window';
import { toZoned } from '@talkbase/domain/fields/zoned-time';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { takenPlaces } from '../bookings/booking-claims.ts';
import type { TalksService } from '../records/records.service.ts';

export const TIME_WINDOW_COMPONENT = 28;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The free slots of a time-window attribute (spec 002 §3 "Availability window data"): the slots its
 * componentConfigs offer (time-window.ts), each less the places records of the subject hold there
 * (modules/bookings: the count the server refuses a booking by). Bookings of records the account
 * may not read still take their places (a slot is full for everyone), but nothing about them is
 * answered but the count.
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
    const { view } = await this.talks.access(auth, subjectIdentifier, 'read');
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

    // The places the records hold (modules/bookings): the same count the server refuses a write by.
    const bookings = await takenPlaces(
      this.db.kysely,
      attribute.id,
      toIsoDate(from),
      toIsoDate(to),
      q.talkId ?? 0,
    );

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
