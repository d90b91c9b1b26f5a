import { addDays, sameCivilDate, type CivilDate } from './civil-date.ts';
import { holidayNames, type HolidayKey } from './messages.ts';

/**
 * The fixed set of Brazilian national holidays of spec 002 §9. Movable ones hang off Easter:
 * Carnival Tuesday 47 days before, Good Friday 2 days before, Corpus Christi 60 days after.
 */
export interface HolidayOptions {
  /** 15 Nov. The date editor counts it; the time window does not. Default true. */
  readonly includeRepublicDay?: boolean;
  /** Carnival Monday, 48 days before Easter; only the time window counts it. Default false. */
  readonly includeCarnivalMonday?: boolean;
  /**
   * 20 Nov, a national holiday since 2024 (Lei 14.759/2023) but absent from the spec's fixed set.
   * Default false, so the spec's set is what applies unless a company opts in.
   */
  readonly includeBlackConsciousnessDay?: boolean;
}

/** The set the date editor's `nationalHolidays` rule uses. */
export const DATE_EDITOR_HOLIDAYS: HolidayOptions = {
  includeRepublicDay: true,
  includeCarnivalMonday: false,
};

/** The set the time-window editor uses (Carnival Monday too, 15 Nov not). */
export const TIME_WINDOW_HOLIDAYS: HolidayOptions = {
  includeRepublicDay: false,
  includeCarnivalMonday: true,
};

export interface Holiday {
  readonly key: HolidayKey;
  readonly name: string;
  readonly date: CivilDate;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

function holiday(key: HolidayKey, date: CivilDate): Holiday {
  return { key, name: holidayNames[key], date };
}

/** The national holidays of a year, in calendar order. */
export function nationalHolidays(year: number, options: HolidayOptions = DATE_EDITOR_HOLIDAYS): Holiday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number): CivilDate => ({ year, month, day });
  const list: Holiday[] = [holiday('newYear', fixed(1, 1))];
  if (options.includeCarnivalMonday === true) list.push(holiday('carnivalMonday', addDays(easter, -48)));
  list.push(
    holiday('carnival', addDays(easter, -47)),
    holiday('goodFriday', addDays(easter, -2)),
    holiday('easter', easter),
    holiday('tiradentes', fixed(4, 21)),
    holiday('labourDay', fixed(5, 1)),
    holiday('corpusChristi', addDays(easter, 60)),
    holiday('independence', fixed(9, 7)),
    holiday('aparecida', fixed(10, 12)),
    holiday('allSouls', fixed(11, 2)),
  );
  if (options.includeRepublicDay !== false) list.push(holiday('republic', fixed(11, 15)));
  if (options.includeBlackConsciousnessDay === true && year >= 2024) {
    list.push(holiday('blackConsciousness', fixed(11, 20)));
  }
  list.push(holiday('christmas', fixed(12, 25)));
  return list.sort((x, y) => x.date.month - y.date.month || x.date.day - y.date.day);
}

/** The holiday falling on a day, if any. */
export function holidayOn(
  date: CivilDate,
  options: HolidayOptions = DATE_EDITOR_HOLIDAYS,
): Holiday | undefined {
  return nationalHolidays(date.year, options).find((h) => sameCivilDate(h.date, date));
}

export function isNationalHoliday(date: CivilDate, options: HolidayOptions = DATE_EDITOR_HOLIDAYS): boolean {
  return holidayOn(date, options) !== undefined;
}
