import { describe, expect, it } from 'vitest';
import { parseDate, toIsoDate } from './civil-date.ts';
import {
  easterSunday,
  holidayOn,
  isNationalHoliday,
  nationalHolidays,
  TIME_WINDOW_HOLIDAYS,
} from './holidays.ts';

function day(text: string) {
  const date = parseDate(text);
  if (!date) throw new Error(text);
  return date;
}

describe('Easter', () => {
  it.each([
    [1818, '1818-03-22'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('falls in %i on %s', (year, iso) => {
    expect(toIsoDate(easterSunday(year))).toBe(iso);
  });
});

describe('national holidays', () => {
  it('lists the 2026 set of the date editor in calendar order', () => {
    expect(nationalHolidays(2026).map((h) => `${toIsoDate(h.date)} ${h.name}`)).toEqual([
      '2026-01-01 Confraternização Universal',
      '2026-02-17 Carnaval',
      '2026-04-03 Sexta-feira Santa',
      '2026-04-05 Páscoa',
      '2026-04-21 Tiradentes',
      '2026-05-01 Dia do Trabalho',
      '2026-06-04 Corpus Christi',
      '2026-09-07 Independência do Brasil',
      '2026-10-12 Nossa Senhora Aparecida',
      '2026-11-02 Finados',
      '2026-11-15 Proclamação da República',
      '2026-12-25 Natal',
    ]);
  });

  it('the time window adds Carnival Monday (48 days before Easter) and leaves out 15 Nov', () => {
    expect(isNationalHoliday(day('16/02/2026'), TIME_WINDOW_HOLIDAYS)).toBe(true);
    expect(isNationalHoliday(day('16/02/2026'))).toBe(false);
    expect(isNationalHoliday(day('15/11/2026'), TIME_WINDOW_HOLIDAYS)).toBe(false);
    expect(isNationalHoliday(day('15/11/2026'))).toBe(true);
  });

  it('20 Nov only when asked, and only from 2024', () => {
    expect(isNationalHoliday(day('20/11/2026'))).toBe(false);
    expect(isNationalHoliday(day('20/11/2026'), { includeBlackConsciousnessDay: true })).toBe(true);
    expect(isNationalHoliday(day('20/11/2023'), { includeBlackConsciousnessDay: true })).toBe(false);
  });

  it('moves with Easter', () => {
    expect(holidayOn(day('04/03/2025'))?.key).toBe('carnival');
    expect(holidayOn(day('19/06/2025'))?.key).toBe('corpusChristi');
    expect(holidayOn(day('18/04/2025'))?.key).toBe('goodFriday');
    expect(holidayOn(day('17/06/2025'))).toBeUndefined();
  });
});
