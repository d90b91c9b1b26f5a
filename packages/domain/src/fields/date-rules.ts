import {
  addDays,
  compareCivilDates,
  formatDate,
  isWeekend,
  parseAnyDate,
  type CivilDate,
} from './civil-date.ts';
import { configFlag, configNumber, configStringList } from './component-config.ts';
import { fieldError, type FieldError } from './field-rule.ts';
import { DATE_EDITOR_HOLIDAYS, isNationalHoliday } from './holidays.ts';
import { message } from './messages.ts';
import { civilDateIn, formatDateTime, fromZoned, toZoned } from './zoned-time.ts';

/**
 * The date rules an administrator sets in the component config of a date (32) or date-time (11)
 * attribute. Keys and meaning (every day count is an offset from today, positive = future):
 *
 * | key                     | value            | a value is refused when…                          |
 * |-------------------------|------------------|---------------------------------------------------|
 * | daysNotGreaterThanToday | flag             | it is before now (date: before today)             |
 * | daysGreaterThan         | days, e.g. 30    | it is after today + N days (the upper {limit})    |
 * | daysNotGreaterThan      | days, e.g. -7    | it is before today + N days (the lower {limit})   |
 * | nationalHolidays        | flag             | it falls on a national holiday (15 Nov included)  |
 * | weekends                | flag             | it falls on a Saturday or a Sunday                |
 * | specificDates           | list of days     | it falls on one of them (dd/MM/yyyy or YYYY-MM-DD; |
 * |                         |                  | a JSON array or a string split by ';' or ',')     |
 *
 * So `{ daysNotGreaterThan: 0, daysGreaterThan: 90 }` accepts today up to 90 days ahead, and
 * `{ daysNotGreaterThan: -30 }` refuses anything older than 30 days. For a date-time the limits
 * keep the current wall-clock time (now + N days, to the minute) and print as dd/MM/yyyy HH:mm;
 * for a date they are calendar days and print as dd/MM/yyyy. Holidays, weekends and specific
 * dates look at the calendar day in the company's time zone.
 */
export interface DateRuleConfig {
  readonly notBeforeNow: boolean;
  readonly maxDaysFromToday?: number;
  readonly minDaysFromToday?: number;
  readonly noNationalHolidays: boolean;
  readonly noWeekends: boolean;
  readonly specificDates: readonly CivilDate[];
}

/** A hundred years either way; beyond that an offset is a typo, not a rule. */
const MAX_OFFSET_DAYS = 36_500;

function offset(configs: unknown, key: string): number | undefined {
  const n = configNumber(configs, key);
  if (n === undefined) return undefined;
  return Math.max(-MAX_OFFSET_DAYS, Math.min(MAX_OFFSET_DAYS, Math.trunc(n)));
}

export function readDateRuleConfig(configs: unknown): DateRuleConfig {
  const specificDates: CivilDate[] = [];
  for (const text of configStringList(configs, 'specificDates')) {
    const date = parseAnyDate(text);
    if (date) specificDates.push(date);
  }
  return {
    notBeforeNow: configFlag(configs, 'daysNotGreaterThanToday'),
    maxDaysFromToday: offset(configs, 'daysGreaterThan'),
    minDaysFromToday: offset(configs, 'daysNotGreaterThan'),
    noNationalHolidays: configFlag(configs, 'nationalHolidays'),
    noWeekends: configFlag(configs, 'weekends'),
    specificDates,
  };
}

/** Whether any rule is switched on. */
export function hasDateRules(config: DateRuleConfig): boolean {
  return (
    config.notBeforeNow ||
    config.maxDaysFromToday !== undefined ||
    config.minDaysFromToday !== undefined ||
    config.noNationalHolidays ||
    config.noWeekends ||
    config.specificDates.length > 0
  );
}

function calendarRules(day: CivilDate, config: DateRuleConfig): FieldError[] {
  const errors: FieldError[] = [];
  if (config.noNationalHolidays && isNationalHoliday(day, DATE_EDITOR_HOLIDAYS)) {
    errors.push(fieldError(message('dateNationalHoliday')));
  }
  if (config.noWeekends && isWeekend(day)) errors.push(fieldError(message('dateWeekend')));
  if (config.specificDates.some((d) => compareCivilDates(d, day) === 0)) {
    errors.push(fieldError(message('dateSpecific')));
  }
  return errors;
}

/** The rules for a date (component 32), with today taken in the company's zone. */
export function checkDateRules(
  value: CivilDate,
  config: DateRuleConfig,
  now: Date,
  timeZone: string,
): FieldError[] {
  const errors: FieldError[] = [];
  const today = civilDateIn(now, timeZone);
  if (today) {
    if (config.notBeforeNow && compareCivilDates(value, today) < 0) {
      errors.push(fieldError(message('dateNotBeforeNow', { now: formatDate(today) })));
    }
    if (config.maxDaysFromToday !== undefined) {
      const limit = addDays(today, config.maxDaysFromToday);
      if (compareCivilDates(value, limit) > 0) {
        errors.push(fieldError(message('dateNotAfterLimit', { limit: formatDate(limit) })));
      }
    }
    if (config.minDaysFromToday !== undefined) {
      const limit = addDays(today, config.minDaysFromToday);
      if (compareCivilDates(value, limit) < 0) {
        errors.push(fieldError(message('dateNotBeforeLimit', { limit: formatDate(limit) })));
      }
    }
  }
  errors.push(...calendarRules(value, config));
  return errors;
}

/** now + days at the same wall-clock time in the zone, to the minute. */
function shiftedNow(now: Date, days: number, timeZone: string): Date | undefined {
  const wall = toZoned(now, timeZone);
  if (!wall) return undefined;
  const day = addDays(wall, days);
  return fromZoned({ ...day, hour: wall.hour, minute: wall.minute, second: 0 }, timeZone);
}

/** The rules for a date-time (component 11); comparisons are to the minute, as the editor types. */
export function checkDateTimeRules(
  value: Date,
  config: DateRuleConfig,
  now: Date,
  timeZone: string,
): FieldError[] {
  const errors: FieldError[] = [];
  const valueMs = Math.floor(value.getTime() / 60_000) * 60_000;
  const current = shiftedNow(now, 0, timeZone);
  if (config.notBeforeNow && current && valueMs < current.getTime()) {
    errors.push(fieldError(message('dateNotBeforeNow', { now: formatDateTime(current, timeZone) })));
  }
  if (config.maxDaysFromToday !== undefined) {
    const limit = shiftedNow(now, config.maxDaysFromToday, timeZone);
    if (limit && valueMs > limit.getTime()) {
      errors.push(fieldError(message('dateNotAfterLimit', { limit: formatDateTime(limit, timeZone) })));
    }
  }
  if (config.minDaysFromToday !== undefined) {
    const limit = shiftedNow(now, config.minDaysFromToday, timeZone);
    if (limit && valueMs < limit.getTime()) {
      errors.push(fieldError(message('dateNotBeforeLimit', { limit: formatDateTime(limit, timeZone) })));
    }
  }
  const day = civilDateIn(value, timeZone);
  if (day) errors.push(...calendarRules(day, config));
  return errors;
}
