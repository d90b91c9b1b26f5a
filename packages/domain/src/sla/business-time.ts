import { toIsoDate, weekdayOf, type CivilDate } from '../fields/civil-date.ts';
import { isNationalHoliday } from '../fields/holidays.ts';
import { resolveTimeZone, toZoned } from '../fields/zoned-time.ts';

/**
 * Business time of the service levels (issue 37 item 3): the one function that counts working time
 * between instants and finds when a target is reached, in a calendar's time zone, skipping
 * holidays and the intervals a ticket waited for its customer. Property-tested against a
 * minute-by-minute walk (business-time.test.ts).
 */

/** Minutes of a day, [from, to): 0 ≤ from < to ≤ 1440 (1440 = the next midnight). */
export type MinuteRange = readonly [number, number];

export interface BusinessCalendar {
  /** IANA zone the weekdays, hours and holidays are read in. */
  readonly timeZone: string;
  /** Seven lists, Sunday first, of the day's working ranges. */
  readonly week: readonly (readonly MinuteRange[])[];
  /** Whether the national holidays (fields/holidays.ts, the date editor's set) are days off. */
  readonly nationalHolidays: boolean;
  /** The company's own days off, 'YYYY-MM-DD'. */
  readonly holidays: readonly string[];
}

/** A wait (ms instants); `to` null while it lasts. */
export interface Pause {
  readonly from: number;
  readonly to: number | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far ahead a due time is looked for (a calendar with no working time has none). */
const HORIZON_MS = 3 * 366 * DAY;

/** The UTC offset (ms) of the zone at an instant, and its wall clock read as UTC. */
function wallOf(t: number, zone: string): { offset: number; date: CivilDate; dayStart: number } {
  const z = toZoned(new Date(t), zone);
  if (!z) throw new RangeError('instant out of range');
  const ms = ((t % 1000) + 1000) % 1000;
  const wall = Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second) + ms;
  const dayStart = Date.UTC(z.year, z.month - 1, z.day);
  return { offset: wall - t, date: { year: z.year, month: z.month, day: z.day }, dayStart };
}

function offsetAt(t: number, zone: string): number {
  return wallOf(t, zone).offset;
}

/** A day's ranges, none on a holiday. */
function rangesOn(
  calendar: BusinessCalendar,
  date: CivilDate,
  own: ReadonlySet<string>,
): readonly MinuteRange[] {
  if (own.has(toIsoDate(date))) return [];
  if (calendar.nationalHolidays && isNationalHoliday(date)) return [];
  return calendar.week[weekdayOf(date)] ?? [];
}

/**
 * The working intervals [a, b) from `from` on, in order, up to `until`. The walk goes by segments
 * of one wall-clock day and one UTC offset, so a daylight-saving jump (a skipped or repeated hour)
 * counts exactly the instants whose wall clock falls in a range.
 */
export function* workingIntervals(
  calendar: BusinessCalendar,
  from: number,
  until: number,
): Generator<[number, number]> {
  const zone = resolveTimeZone(calendar.timeZone);
  const own = new Set(calendar.holidays);
  let t = from;
  while (t < until) {
    const { offset, date, dayStart } = wallOf(t, zone);
    let end = dayStart + DAY - offset;
    if (offsetAt(end - 1, zone) !== offset) {
      // A transition inside: the first instant with another offset ends the segment.
      let lo = t;
      let hi = end - 1;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      end = hi;
    }
    const wallFrom = t + offset - dayStart;
    const wallTo = end + offset - dayStart;
    for (const [a, b] of rangesOn(calendar, date, own)) {
      const s = Math.max(a * MINUTE, wallFrom);
      const e = Math.min(b * MINUTE, wallTo);
      if (s < e) {
        const x = s + dayStart - offset;
        const y = Math.min(e + dayStart - offset, until);
        if (x < y) yield [x, y];
      }
    }
    t = end;
  }
}

/** Pauses sorted and merged; an open one runs to infinity. */
function normalPauses(pauses: readonly Pause[]): [number, number][] {
  const list = pauses
    .map((p): [number, number] => [p.from, p.to ?? Number.POSITIVE_INFINITY])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of list) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Working intervals minus the pauses. */
function* countedIntervals(
  calendar: BusinessCalendar,
  from: number,
  until: number,
  pauses: readonly Pause[],
): Generator<[number, number]> {
  const waits = normalPauses(pauses);
  let i = 0;
  for (const [a0, b] of workingIntervals(calendar, from, until)) {
    let a = a0;
    while (a < b) {
      while (i < waits.length && (waits[i]?.[1] ?? 0) <= a) i++;
      const w = waits[i];
      if (!w || w[0] >= b) {
        yield [a, b];
        break;
      }
      if (w[0] > a) yield [a, w[0]];
      if (w[1] === Number.POSITIVE_INFINITY) return;
      a = w[1];
    }
  }
}

/** Business milliseconds between two instants, pauses not counted. */
export function businessTimeBetween(
  calendar: BusinessCalendar,
  start: number,
  end: number,
  pauses: readonly Pause[] = [],
): number {
  let total = 0;
  for (const [a, b] of countedIntervals(calendar, start, end, pauses)) total += b - a;
  return total;
}

/** Business minutes between two instants (fractional), pauses not counted. */
export function businessMinutesBetween(
  calendar: BusinessCalendar,
  start: number,
  end: number,
  pauses: readonly Pause[] = [],
): number {
  return businessTimeBetween(calendar, start, end, pauses) / MINUTE;
}

/**
 * The instant at which `ms` of business time have passed since `start`, or null when it cannot be
 * known: a pause still open before it is reached, or no working time within three years.
 */
export function addBusinessTime(
  calendar: BusinessCalendar,
  start: number,
  ms: number,
  pauses: readonly Pause[] = [],
): number | null {
  if (ms <= 0) return start;
  let left = ms;
  for (const [a, b] of countedIntervals(calendar, start, start + HORIZON_MS, pauses)) {
    if (b - a >= left) return a + left;
    left -= b - a;
  }
  return null;
}

/** `addBusinessTime` in minutes. */
export function addBusinessMinutes(
  calendar: BusinessCalendar,
  start: number,
  minutes: number,
  pauses: readonly Pause[] = [],
): number | null {
  return addBusinessTime(calendar, start, minutes * MINUTE, pauses);
}
