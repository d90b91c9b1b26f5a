import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './civil-date.ts';
import {
  availabilityDays,
  isOfferedBooking,
  needsDocumentsNotice,
  offeredTimes,
  readTimeWindow,
  timeWindowConfig,
} from './time-window.ts';

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

describe('offered bookings (the form and the server ask the same)', () => {
  // Mondays to Fridays (2–6) by default; 2026-03-10 is a Tuesday, 2026-03-08 a Sunday.
  const config = timeWindowConfig({ openingTime: '08:00', closingTime: '12:00', slotMinutes: 90 });

  it.each([
    ['2026-03-10', '08:00', true],
    ['2026-03-10', '09:30', true],
    ['2026-03-10', '11:00', false], // would end at 12:30, after closing
    ['2026-03-10', '07:00', false], // before opening
    ['2026-03-10', '08:30', false], // off the slot length
    ['2026-03-08', '08:00', false], // Sunday, not offered
    ['2026-04-21', '08:00', false], // Tiradentes: closed on holidays by default
  ])('%s %s → %s', (date, time, expected) => {
    expect(isOfferedBooking(config, { date, time, contingency: false })).toBe(expected);
  });

  it('takes any real date and time in contingency mode', () => {
    expect(isOfferedBooking(config, { date: '2026-03-08', time: '03:17', contingency: true })).toBe(true);
  });

  it('follows the weekdays and holidays settings', () => {
    const sundays = timeWindowConfig({ weekdays: [1], holidays: false });
    expect(isOfferedBooking(sundays, { date: '2026-03-08', time: '07:00', contingency: false })).toBe(true);
    expect(isOfferedBooking(sundays, { date: '2026-03-08', time: '03:17', contingency: false })).toBe(false);
    expect(isOfferedBooking(sundays, { date: '2026-03-10', time: '07:00', contingency: false })).toBe(false);
  });
});

describe('offered times', () => {
  it('lists the slots that fit between opening and closing', () => {
    expect(
      offeredTimes(timeWindowConfig({ openingTime: '08:00', closingTime: '12:00', slotMinutes: 90 })),
    ).toEqual(['08:00', '09:30']);
    expect(offeredTimes(timeWindowConfig({ openingTime: '12:00', closingTime: '12:30' }))).toEqual([]);
  });
});
