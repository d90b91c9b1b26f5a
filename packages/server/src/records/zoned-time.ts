import { addDays as addCivilDays, parseIsoDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn, fromZoned } from '@talkbase/domain/fields/zoned-time';

/**
 * Day boundaries in the company's time zone for relative filters, on top of the domain's
 * calendar helpers (instants are stored in UTC).
 */
export function zonedDate(at: number, timeZone: string): string {
  const day = civilDateIn(new Date(at), timeZone);
  if (!day) throw new Error(`time zone ${timeZone} unknown`);
  return toIsoDate(day);
}

export function addDays(day: string, n: number): string {
  const d = parseIsoDate(day);
  if (!d) throw new Error(`not a date: ${day}`);
  return toIsoDate(addCivilDays(d, n));
}

/** The instant a calendar day (YYYY-MM-DD) starts in `timeZone`. */
export function zonedDayStart(day: string, timeZone: string): number {
  const d = parseIsoDate(day);
  const start = d ? fromZoned({ ...d, hour: 0, minute: 0, second: 0 }, timeZone) : undefined;
  if (!start) throw new Error(`no start for ${day} in ${timeZone}`);
  return start.getTime();
}
