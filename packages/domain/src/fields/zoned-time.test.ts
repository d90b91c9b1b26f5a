import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilDateIn,
  DEFAULT_TIME_ZONE,
  formatDateTime,
  fromZoned,
  maskDateTime,
  parseAnyDateTime,
  parseDateTime,
  resolveTimeZone,
  toZoned,
} from './zoned-time.ts';

const SP = 'America/Sao_Paulo';

describe('zoned time', () => {
  it('sees an instant on the São Paulo wall clock (UTC−3)', () => {
    const instant = new Date('2026-07-01T02:30:00Z');
    expect(toZoned(instant, SP)).toEqual({ year: 2026, month: 6, day: 30, hour: 23, minute: 30, second: 0 });
    expect(civilDateIn(instant, SP)).toEqual({ year: 2026, month: 6, day: 30 });
    expect(civilDateIn(instant, 'UTC')).toEqual({ year: 2026, month: 7, day: 1 });
    expect(formatDateTime(instant, SP)).toBe('30/06/2026 23:30');
  });

  it('reads dd/MM/yyyy HH:mm in the zone', () => {
    expect(parseDateTime('30/06/2026 23:30', SP)?.toISOString()).toBe('2026-07-01T02:30:00.000Z');
    expect(parseDateTime('30/06/2026 24:00', SP)).toBeUndefined();
    expect(parseDateTime('31/06/2026 10:00', SP)).toBeUndefined();
  });

  it('reads ISO instants with an offset and ISO wall times in the zone', () => {
    expect(parseAnyDateTime('2026-07-01T02:30:00Z', SP)?.toISOString()).toBe('2026-07-01T02:30:00.000Z');
    expect(parseAnyDateTime('2026-07-01T02:30:00.5-03:00', SP)?.toISOString()).toBe(
      '2026-07-01T05:30:00.500Z',
    );
    expect(parseAnyDateTime('2026-07-01T02:30:00+0130', SP)?.toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(parseAnyDateTime('2026-07-01T02:30', SP)?.toISOString()).toBe('2026-07-01T05:30:00.000Z');
    expect(parseAnyDateTime('2026-02-30T02:30Z', SP)).toBeUndefined();
    expect(parseAnyDateTime('amanhã', SP)).toBeUndefined();
  });

  it('handles a past daylight-saving change (São Paulo, 2018)', () => {
    // Clocks jumped from 00:00 to 01:00 on 4 Nov 2018: 00:30 did not exist.
    const skipped = fromZoned({ year: 2018, month: 11, day: 4, hour: 0, minute: 30, second: 0 }, SP);
    expect(skipped && formatDateTime(skipped, SP)).toBe('04/11/2018 01:30');
    const summer = fromZoned({ year: 2018, month: 12, day: 1, hour: 12, minute: 0, second: 0 }, SP);
    expect(summer?.toISOString()).toBe('2018-12-01T14:00:00.000Z');
  });

  it('falls back to São Paulo for an unknown zone', () => {
    expect(resolveTimeZone('Mars/Olympus')).toBe(DEFAULT_TIME_ZONE);
    expect(resolveTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(formatDateTime(new Date('2026-07-01T02:30:00Z'), 'nowhere')).toBe('30/06/2026 23:30');
    expect(formatDateTime(new Date(Number.NaN), SP)).toBe('');
  });

  it('round-trips whole minutes through the editor format in several zones', () => {
    const zone = fc.constantFrom(SP, 'UTC', 'America/Manaus', 'Asia/Kolkata', 'Europe/Lisbon');
    const minute = fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 });
    fc.assert(
      fc.property(minute, zone, (m, tz) => {
        const instant = new Date(m * 60_000);
        const back = parseDateTime(formatDateTime(instant, tz), tz);
        // A repeated wall-clock hour (end of daylight saving) maps to its first occurrence.
        expect(back && formatDateTime(back, tz)).toBe(formatDateTime(instant, tz));
      }),
    );
  });

  it('reads the same wall clock as Intl for every second around daylight-saving changes', () => {
    // The offset is remembered per day; a day with a change must still be read exactly.
    const zones = [SP, 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata'];
    const intl = (tz: string, ms: number) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }).formatToParts(new Date(ms));
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return {
        year: get('year'),
        month: get('month'),
        day: get('day'),
        hour: get('hour'),
        minute: get('minute'),
        second: get('second'),
      };
    };
    const instant = fc.integer({ min: Date.UTC(2017, 0, 1) / 1000, max: Date.UTC(2027, 0, 1) / 1000 });
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (s, tz) => {
        expect(toZoned(new Date(s * 1000), tz)).toEqual(intl(tz, s * 1000));
      }),
      { numRuns: 2000 },
    );
    // Each minute of the days São Paulo and New York changed their clocks.
    for (const [tz, day] of [
      [SP, Date.UTC(2018, 10, 4)],
      [SP, Date.UTC(2019, 1, 17)],
      ['America/New_York', Date.UTC(2026, 2, 8)],
      ['America/New_York', Date.UTC(2026, 10, 1)],
    ] as const) {
      for (let ms = day - 86_400_000; ms < day + 2 * 86_400_000; ms += 60_000)
        expect(toZoned(new Date(ms), tz)).toEqual(intl(tz, ms));
    }
  });

  it('masks while typing', () => {
    expect(maskDateTime('251220261430')).toBe('25/12/2026 14:30');
    fc.assert(
      fc.property(fc.string(), (t) => {
        expect(maskDateTime(maskDateTime(t))).toBe(maskDateTime(t));
      }),
    );
  });
});
