import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  civilDate,
  compareCivilDates,
  daysInMonth,
  formatDate,
  isWeekend,
  maskDate,
  parseAnyDate,
  parseDate,
  parseIsoDate,
  toIsoDate,
  weekdayOf,
} from './civil-date.ts';

describe('civil dates', () => {
  it('parses and formats dd/MM/yyyy', () => {
    expect(parseDate('25/12/2026')).toEqual({ year: 2026, month: 12, day: 25 });
    expect(formatDate({ year: 2026, month: 1, day: 5 })).toBe('05/01/2026');
    expect(parseDate('31/02/2026')).toBeUndefined();
    expect(parseDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('29/02/2025')).toBeUndefined();
    expect(parseDate('1/1/2026')).toBeUndefined();
    expect(parseDate('00/01/2026')).toBeUndefined();
  });

  it('parses and formats the stored YYYY-MM-DD', () => {
    expect(parseIsoDate('2026-07-01')).toEqual({ year: 2026, month: 7, day: 1 });
    expect(toIsoDate({ year: 33, month: 7, day: 1 })).toBe('0033-07-01');
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseAnyDate('01/07/2026')).toEqual(parseAnyDate('2026-07-01'));
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addDays({ year: 50, month: 1, day: 1 }, 0)).toEqual({ year: 50, month: 1, day: 1 });
  });

  it('knows weekdays and weekends', () => {
    expect(weekdayOf({ year: 2026, month: 7, day: 5 })).toBe(0);
    expect(isWeekend({ year: 2026, month: 7, day: 4 })).toBe(true);
    expect(isWeekend({ year: 2026, month: 7, day: 6 })).toBe(false);
    expect(daysInMonth(2026, 2)).toBe(28);
  });

  it('round-trips every valid date through both forms', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const date = civilDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
          expect(date).toBeDefined();
          if (!date) return;
          expect(parseDate(formatDate(date))).toEqual(date);
          expect(parseIsoDate(toIsoDate(date))).toEqual(date);
          expect(compareCivilDates(addDays(date, 1), date)).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('masks while typing, idempotently', () => {
    expect(maskDate('25122026')).toBe('25/12/2026');
    expect(maskDate('251')).toBe('25/1');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(maskDate(maskDate(text))).toBe(maskDate(text));
      }),
    );
  });
});
