import { readCron, listedValues } from './cron.ts';
import { attributeName, fieldError, type FieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Schedule editor, component 18. The value is a 7-field cron string in the Quartz style the spec
 * describes: `seconds minute hour day-of-month month day-of-week year`, with seconds always 0,
 * month and year '*', day-of-week 1 = Sunday … 7 = Saturday, and '?' in whichever day field is not
 * used. What each choice generates:
 *
 * | frequency   | period                    | cron                    | fires                         |
 * |-------------|---------------------------|-------------------------|-------------------------------|
 * | weekly (1)  | specific time (1), 08:30  | `0 30 8 ? * 2,4,6 *`    | Mon, Wed, Fri at 08:30        |
 * | weekly (1)  | interval (2), 3 hours     | `0 0 0/3 ? * 2,4,6 *`   | those days, 00:00, 03:00, …   |
 * | weekly (1)  | interval (2), 15 minutes  | `0 0/15 * ? * 2,4,6 *`  | those days, every 15 minutes  |
 * | monthly (2) | specific time (1), 08:30  | `0 30 8 1,15,31 * ? *`  | days 1, 15, 31 at 08:30       |
 * | monthly (2) | interval (2), 3 hours     | `0 0 0/3 1,15,31 * ? *` | those days, every 3 hours     |
 * | monthly (2) | interval (2), 15 minutes  | `0 0/15 * 1,15,31 * ? *`| those days, every 15 minutes  |
 *
 * Intervals count from midnight (hours) or the full hour (minutes); the hour and minute inputs only
 * apply to a specific time. Hour is clamped to 0–23, minute to 0–59, the interval to 1–23 hours or
 * 1–59 minutes (a longer step would fire only at the start of the day or hour). `toStandardCron`
 * gives the 5-field form (day-of-week 0 = Sunday) for the server's job scheduler.
 */
export const SCHEDULE_WEEKLY = 1;
export const SCHEDULE_MONTHLY = 2;
export const PERIOD_SPECIFIC_TIME = 1;
export const PERIOD_INTERVAL = 2;
export const INTERVAL_HOURS = 1;
export const INTERVAL_MINUTES = 2;

export type ScheduleFrequency = typeof SCHEDULE_WEEKLY | typeof SCHEDULE_MONTHLY;
export type SchedulePeriod = typeof PERIOD_SPECIFIC_TIME | typeof PERIOD_INTERVAL;
export type IntervalType = typeof INTERVAL_HOURS | typeof INTERVAL_MINUTES;

export interface ScheduleSettings {
  readonly frequency: ScheduleFrequency;
  readonly period: SchedulePeriod;
  /** 1 = Sunday … 7 = Saturday; used when weekly. */
  readonly weekdays: readonly number[];
  /** 1–31; used when monthly. */
  readonly monthDays: readonly number[];
  readonly hour: number;
  readonly minute: number;
  readonly intervalNumber: number;
  readonly intervalType: IntervalType;
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

export const clampHour = (hour: number): number => clamp(hour, 0, 23);
export const clampMinute = (minute: number): number => clamp(minute, 0, 59);
export const clampInterval = (n: number, type: IntervalType): number =>
  clamp(n, 1, type === INTERVAL_HOURS ? 23 : 59);

function cleanDays(days: readonly number[], max: number): number[] {
  return [...new Set(days.filter((d) => Number.isInteger(d) && d >= 1 && d <= max))].sort((a, b) => a - b);
}

/** The settings with every number clamped and the day lists deduplicated and sorted. */
export function normalizeSchedule(s: ScheduleSettings): ScheduleSettings {
  const intervalType = s.intervalType === INTERVAL_MINUTES ? INTERVAL_MINUTES : INTERVAL_HOURS;
  return {
    frequency: s.frequency === SCHEDULE_MONTHLY ? SCHEDULE_MONTHLY : SCHEDULE_WEEKLY,
    period: s.period === PERIOD_INTERVAL ? PERIOD_INTERVAL : PERIOD_SPECIFIC_TIME,
    weekdays: cleanDays(s.weekdays, 7),
    monthDays: cleanDays(s.monthDays, 31),
    hour: clampHour(s.hour),
    minute: clampMinute(s.minute),
    intervalNumber: clampInterval(s.intervalNumber, intervalType),
    intervalType,
  };
}

export function validateSchedule(settings: ScheduleSettings): FieldError[] {
  const s = normalizeSchedule(settings);
  if (s.frequency === SCHEDULE_WEEKLY && s.weekdays.length === 0) {
    return [fieldError(message('scheduleWeekdayRequired'))];
  }
  if (s.frequency === SCHEDULE_MONTHLY && s.monthDays.length === 0) {
    return [fieldError(message('scheduleMonthDayRequired'))];
  }
  return [];
}

/** The warning shown (without blocking) when a monthly schedule picks day 29, 30 or 31. */
export function scheduleWarnings(settings: ScheduleSettings): string[] {
  const s = normalizeSchedule(settings);
  const risky = s.frequency === SCHEDULE_MONTHLY && s.monthDays.some((d) => d >= 29);
  return risky ? [message('scheduleMonthDayWarning')] : [];
}

/** 'Hora'/'Minuto' when the number is 1, 'Horas'/'Minutos' otherwise. */
export function intervalUnitLabel(type: IntervalType, n: number): string {
  if (type === INTERVAL_HOURS) return n === 1 ? message('scheduleHour') : message('scheduleHours');
  return n === 1 ? message('scheduleMinute') : message('scheduleMinutes');
}

/** The cron string of the settings; null while the needed day list is empty. */
export function buildScheduleCron(settings: ScheduleSettings): string | null {
  const s = normalizeSchedule(settings);
  const weekly = s.frequency === SCHEDULE_WEEKLY;
  const days = weekly ? s.weekdays : s.monthDays;
  if (days.length === 0) return null;
  let time: string;
  if (s.period === PERIOD_SPECIFIC_TIME) time = `${s.minute} ${s.hour}`;
  else if (s.intervalType === INTERVAL_HOURS) time = `0 0/${s.intervalNumber}`;
  else time = `0/${s.intervalNumber} *`;
  const list = days.join(',');
  return weekly ? `0 ${time} ? * ${list} *` : `0 ${time} ${list} * ? *`;
}

function parseDayList(field: string, max: number): number[] | undefined {
  const days = listedValues(field, max);
  return days && cleanDays(days, max);
}

function parseTime(
  minute: string,
  hour: string,
): Pick<ScheduleSettings, 'period' | 'hour' | 'minute' | 'intervalNumber' | 'intervalType'> | undefined {
  const step = (field: string): number | undefined => {
    const match = /^(?:0|\*)\/(\d{1,2})$/.exec(field);
    return match ? Number(match[1]) : undefined;
  };
  const hourStep = step(hour);
  const minuteStep = step(minute);
  if (/^\d{1,2}$/.test(minute) && /^\d{1,2}$/.test(hour) && Number(minute) <= 59 && Number(hour) <= 23) {
    const base = { intervalNumber: 1, intervalType: INTERVAL_HOURS } as const;
    return { period: PERIOD_SPECIFIC_TIME, hour: Number(hour), minute: Number(minute), ...base };
  }
  if (minute === '0' && hourStep !== undefined && hourStep >= 1 && hourStep <= 23) {
    return {
      period: PERIOD_INTERVAL,
      hour: 0,
      minute: 0,
      intervalNumber: hourStep,
      intervalType: INTERVAL_HOURS,
    };
  }
  if (hour === '*' && minuteStep !== undefined && minuteStep >= 1 && minuteStep <= 59) {
    const settings = { intervalNumber: minuteStep, intervalType: INTERVAL_MINUTES } as const;
    return { period: PERIOD_INTERVAL, hour: 0, minute: 0, ...settings };
  }
  return undefined;
}

/**
 * Reads a cron string back into editor settings; undefined when it is not one of the shapes the
 * editor generates (also accepted: '*' for '?', ranges such as 2-6, '*' + '/n' for '0/n', and the
 * 6-field form without the year).
 */
export function parseScheduleCron(cron: string): ScheduleSettings | undefined {
  const fields = readCron(cron);
  if (!fields) return undefined;
  const { second, minute, hour, dayOfMonth, month, dayOfWeek, year } = fields;
  if (second !== '0' || month !== '*' || year !== '*') return undefined;
  const time = parseTime(minute, hour);
  if (!time) return undefined;
  const unused = (field: string): boolean => field === '?' || field === '*';
  if (unused(dayOfMonth) && !unused(dayOfWeek)) {
    const weekdays = parseDayList(dayOfWeek, 7);
    return weekdays ? { frequency: SCHEDULE_WEEKLY, weekdays, monthDays: [], ...time } : undefined;
  }
  if (unused(dayOfWeek) && !unused(dayOfMonth)) {
    const monthDays = parseDayList(dayOfMonth, 31);
    return monthDays ? { frequency: SCHEDULE_MONTHLY, weekdays: [], monthDays, ...time } : undefined;
  }
  return undefined;
}

/** The 5-field cron (`minute hour day-of-month month day-of-week`, Sunday = 0) of a schedule. */
export function toStandardCron(cron: string): string | undefined {
  const s = parseScheduleCron(cron);
  if (!s) return undefined;
  let time: string;
  if (s.period === PERIOD_SPECIFIC_TIME) time = `${s.minute} ${s.hour}`;
  else if (s.intervalType === INTERVAL_HOURS) time = `0 */${s.intervalNumber}`;
  else time = `*/${s.intervalNumber} *`;
  if (s.frequency === SCHEDULE_WEEKLY) return `${time} * * ${s.weekdays.map((d) => d - 1).join(',')}`;
  return `${time} ${s.monthDays.join(',')} * *`;
}

export const scheduleRule: FieldRule = {
  componentIds: [18],
  validate(attribute, value) {
    const settings = typeof value === 'string' ? parseScheduleCron(value) : undefined;
    if (!settings) return [fieldError(message('scheduleInvalid', { name: attributeName(attribute) }))];
    return validateSchedule(settings);
  },
};
