import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toIsoDate, weekdayOf } from '../fields/civil-date.ts';
import { isNationalHoliday } from '../fields/holidays.ts';
import { fromZoned, toZoned } from '../fields/zoned-time.ts';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  type BusinessCalendar,
  type MinuteRange,
  type Pause,
} from './business-time.ts';

const MINUTE = 60_000;

/** The reference: is the minute starting at `t` a working, unpaused minute? Read minute by minute. */
function countsMinute(calendar: BusinessCalendar, t: number, pauses: readonly Pause[]): boolean {
  if (pauses.some((p) => t >= p.from && (p.to === null || t < p.to))) return false;
  const z = toZoned(new Date(t), calendar.timeZone);
  if (!z) return false;
  const date = { year: z.year, month: z.month, day: z.day };
  if (calendar.holidays.includes(toIsoDate(date))) return false;
  if (calendar.nationalHolidays && isNationalHoliday(date)) return false;
  const m = z.hour * 60 + z.minute;
  return (calendar.week[weekdayOf(date)] ?? []).some(([a, b]) => m >= a && m < b);
}

function referenceBetween(calendar: BusinessCalendar, start: number, end: number, pauses: readonly Pause[]) {
  let n = 0;
  for (let t = start; t < end; t += MINUTE) if (countsMinute(calendar, t, pauses)) n++;
  return n;
}

function referenceDue(calendar: BusinessCalendar, start: number, minutes: number, pauses: readonly Pause[]) {
  if (minutes <= 0) return start;
  let n = 0;
  const open = pauses.find((p) => p.to === null);
  for (let t = start; t < start + 60 * 24 * 60 * MINUTE; t += MINUTE) {
    if (open && t >= open.from) return null;
    if (countsMinute(calendar, t, pauses) && ++n === minutes) return t + MINUTE;
  }
  return undefined;
}

/** Days around daylight-saving changes: São Paulo (until 2019), New York, Lisbon. */
const AROUND = [
  ['America/Sao_Paulo', '2017-10-15T03:00:00Z'],
  ['America/Sao_Paulo', '2018-02-18T02:00:00Z'],
  ['America/Sao_Paulo', '2018-11-04T03:00:00Z'],
  ['America/Sao_Paulo', '2025-03-01T12:00:00Z'],
  ['America/New_York', '2021-03-14T07:00:00Z'],
  ['America/New_York', '2021-11-07T06:00:00Z'],
  ['Europe/Lisbon', '2021-03-28T01:00:00Z'],
  ['Europe/Lisbon', '2021-10-31T01:00:00Z'],
  ['UTC', '2024-12-24T00:00:00Z'],
] as const;

const rangeArb: fc.Arbitrary<MinuteRange> = fc
  .tuple(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 1, max: 96 }))
  .map(([a, len]): MinuteRange => [a * 15, Math.min(1440, a * 15 + len * 15)])
  .filter(([a, b]) => a < b);

/** A day's ranges, sorted and not overlapping (as the calendar's schema demands). */
const dayArb = fc.array(rangeArb, { maxLength: 3 }).map((ranges) => {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
});

const caseArb = fc
  .record({
    around: fc.constantFrom(...AROUND),
    week: fc.array(dayArb, { minLength: 7, maxLength: 7 }),
    // At least three days with some working time, so a due time comes within days.
    busy: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 3, maxLength: 3 }),
    nationalHolidays: fc.boolean(),
    holidayOffsets: fc.uniqueArray(fc.integer({ min: -3, max: 6 }), { maxLength: 3 }),
    startShift: fc.integer({ min: -3 * 24 * 60, max: 2 * 24 * 60 }),
    span: fc.integer({ min: 0, max: 6 * 24 * 60 }),
    pauses: fc.array(
      fc.record({
        at: fc.integer({ min: -60, max: 5 * 24 * 60 }),
        len: fc.integer({ min: 1, max: 24 * 60 }),
      }),
      { maxLength: 3 },
    ),
    openPause: fc.option(fc.integer({ min: 0, max: 5 * 24 * 60 }), { nil: undefined }),
    target: fc.integer({ min: 0, max: 900 }),
  })
  .map((c) => {
    const [timeZone, iso] = c.around;
    const start = Date.parse(iso) + c.startShift * MINUTE;
    const week = c.week.map((d, i) =>
      c.busy.includes(i) && d.length === 0 ? [[540, 1080] as MinuteRange] : d,
    );
    const startDay = toZoned(new Date(start), timeZone) ?? { year: 2000, month: 1, day: 1 };
    const noon = fromZoned({ ...startDay, hour: 12, minute: 0, second: 0 }, timeZone)?.getTime() ?? start;
    const holidays = c.holidayOffsets.map((o) =>
      toIsoDate(toZoned(new Date(noon + o * 86_400_000), timeZone) ?? startDay),
    );
    const calendar: BusinessCalendar = { timeZone, week, nationalHolidays: c.nationalHolidays, holidays };
    const pauses: Pause[] = c.pauses.map((p) => ({
      from: start + p.at * MINUTE,
      to: start + (p.at + p.len) * MINUTE,
    }));
    return {
      calendar,
      start,
      end: start + c.span * MINUTE,
      pauses,
      openPause: c.openPause,
      target: c.target,
    };
  });

describe('business time', () => {
  it('counts what a minute-by-minute walk counts, across daylight-saving changes', () => {
    fc.assert(
      fc.property(caseArb, ({ calendar, start, end, pauses }) => {
        expect(businessMinutesBetween(calendar, start, end, pauses)).toBe(
          referenceBetween(calendar, start, end, pauses),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('finds the due time a minute-by-minute walk finds, with pauses and an open wait', () => {
    fc.assert(
      fc.property(caseArb, ({ calendar, start, pauses, openPause, target }) => {
        const all =
          openPause === undefined ? pauses : [...pauses, { from: start + openPause * MINUTE, to: null }];
        const expected = referenceDue(calendar, start, target, all);
        if (expected === undefined) return;
        expect(addBusinessMinutes(calendar, start, target, all)).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('skips the repeated hour once and counts it twice as the clock does (New York, November)', () => {
    const calendar: BusinessCalendar = {
      timeZone: 'America/New_York',
      week: Array.from({ length: 7 }, () => [[0, 180] as MinuteRange]),
      nationalHolidays: false,
      holidays: [],
    };
    // 2021-11-07: 00:00–03:00 wall clock lasts four hours (01:00–02:00 twice).
    const midnight = Date.parse('2021-11-07T04:00:00Z');
    expect(businessMinutesBetween(calendar, midnight, midnight + 6 * 60 * MINUTE)).toBe(240);
    // 2021-03-14: 02:00–03:00 does not exist, so 00:00–03:00 is two hours.
    const march = Date.parse('2021-03-14T05:00:00Z');
    expect(businessMinutesBetween(calendar, march, march + 6 * 60 * MINUTE)).toBe(120);
  });

  it('skips national and company holidays and weekends', () => {
    const calendar: BusinessCalendar = {
      timeZone: 'America/Sao_Paulo',
      week: [[], [[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], []],
      nationalHolidays: true,
      holidays: ['2026-12-24'],
    };
    // Wednesday 23 Dec 2026, 17:00 in São Paulo; 2 business hours later: 24 (company) and 25
    // (Christmas) off, then the weekend — Monday 28 Dec, 10:00.
    const start = Date.parse('2026-12-23T20:00:00Z');
    expect(new Date(addBusinessMinutes(calendar, start, 120) ?? 0).toISOString()).toBe(
      '2026-12-28T13:00:00.000Z',
    );
    expect(addBusinessMinutes(calendar, start, 60, [{ from: start, to: null }])).toBeNull();
  });
});
