import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './civil-date.ts';
import { availabilityDays, needsDocumentsNotice, readTimeWindow, timeWindowConfig } from './time-window.ts';

describe('documents notice (§5 time window)', () => {
  it.each([
    // 2026-03-07 is a Saturday.
    ['2026-03-07', '11:00', false],
    ['2026-03-07', '11:30', true],
    ['2026-03-07', '08:00', false],
    ['2026-03-08', '10:00', true], // Sunday
    ['2026-03-09', '06:30', true], // Monday before 07:00
    ['2026-03-09', '07:00', false],
    ['2026-03-10', '06:00', false], // Tuesday
    ['2026-04-21', '10:00', true], // Tiradentes
    ['2026-04-22', '06:59', true], // the day after a holiday, before 07:00
    ['2026-04-22', '08:00', false],
    ['2026-02-16', '10:00', true], // Carnival Monday counts in the time window
    ['2026-11-16', '10:00', false], // 15 Nov does not (and 16 Nov is a Monday after 07:00)
  ])('%s %s → %s', (date, time, expected) => {
    expect(needsDocumentsNotice({ date, time })).toBe(expected);
  });

  it('is false for values it cannot read', () => {
    expect(needsDocumentsNotice({ date: '07/03/2026', time: '12:00' })).toBe(false);
  });
});

describe('time window value', () => {
  it('reads only complete values', () => {
    expect(readTimeWindow({ date: '2026-03-10', time: '08:00', contingency: false })).toEqual({
      date: '2026-03-10',
      time: '08:00',
      contingency: false,
    });
    expect(readTimeWindow({ date: '2026-02-30', time: '08:00' })).toBeUndefined();
    expect(readTimeWindow({ date: '2026-03-10', time: '24:00' })).toBeUndefined();
    expect(readTimeWindow('2026-03-10')).toBeUndefined();
  });
});

describe('availability', () => {
  const from = parseIsoDate('2026-03-09'); // a Monday
  if (!from) throw new Error('date');

  it('reads the config with defaults', () => {
    expect(timeWindowConfig({})).toEqual({
      opening: 420,
      closing: 1020,
      slotMinutes: 60,
      capacity: 1,
      weekdays: [2, 3, 4, 5, 6],
      closedOnHolidays: true,
    });
    expect(
      timeWindowConfig({
        openingTime: '08:00',
        closingTime: '10:00',
        slotMinutes: '30',
        capacity: 2,
        weekdays: '2;7',
      }),
    ).toMatchObject({ opening: 480, closing: 600, slotMinutes: 30, capacity: 2, weekdays: [2, 7] });
  });

  it('lists 7 days, slots on open days, minus bookings', () => {
    const config = timeWindowConfig({ openingTime: '08:00', closingTime: '11:00', capacity: 2 });
    const days = availabilityDays({
      from,
      days: 7,
      config,
      bookings: [
        { date: '2026-03-09', time: '08:00' },
        { date: '2026-03-09', time: '08:00' },
        { date: '2026-03-09', time: '09:00' },
      ],
    });
    expect(days.map((d) => d.date)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(days[0]?.hours).toEqual([
      { horario: '08:00', janelas: 0 },
      { horario: '09:00', janelas: 1 },
      { horario: '10:00', janelas: 2 },
    ]);
    expect(days[5]?.hours).toEqual([]); // Saturday closed by default
  });

  it('closes holidays and slots already begun', () => {
    const config = timeWindowConfig({ openingTime: '08:00', closingTime: '11:00' });
    const tiradentes = parseIsoDate('2026-04-20');
    if (!tiradentes) throw new Error('date');
    const days = availabilityDays({
      from: tiradentes,
      days: 2,
      config,
      bookings: [],
      now: { date: '2026-04-20', time: '09:00' },
    });
    expect(days[0]?.hours.map((h) => h.horario)).toEqual(['10:00']);
    expect(days[1]?.hours).toEqual([]);
  });
});
