import {
  addDays,
  civilDate,
  daysInMonth,
  formatDate,
  parseIsoDate,
  toIsoDate,
  weekdayOf,
  type CivilDate,
} from '@talkbase/domain/fields/civil-date';
import { readTimeWindow } from '@talkbase/domain/fields/time-window';
import { fromZoned, toZoned } from '@talkbase/domain/fields/zoned-time';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';

/**
 * The calendar's periods and values (issue 38 item 3), as plain functions: which days a month,
 * week or day shows, the filter that asks the grid API for them, where a record's value falls and
 * what value a move gives it. Days are the company's wall-clock days (GUIDE §4 "Time zones").
 */

export const CALENDAR_MODES = ['month', 'week', 'day'] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];

/** date (32) 'YYYY-MM-DD'; date-time (11) an ISO instant; time window (28) `{date, time, contingency}`. */
export type CalendarKind = 'date' | 'datetime' | 'window';

export function calendarKindOf(componentId: number): CalendarKind {
  return componentId === 32 ? 'date' : componentId === 28 ? 'window' : 'datetime';
}

export function parseMode(text: string | null | undefined): CalendarMode {
  return (CALENDAR_MODES as readonly string[]).includes(text ?? '') ? (text as CalendarMode) : 'month';
}

/** The day a period is shown around: the URL's `date`, else today. */
export function parseAnchor(text: string | null | undefined, today: CivilDate): CivilDate {
  return (text && parseIsoDate(text)) || today;
}

/** The days shown: whole weeks (Sunday first, spec 002 §5) around a month, one week, or one day. */
export function periodDays(mode: CalendarMode, anchor: CivilDate): CivilDate[] {
  if (mode === 'day') return [anchor];
  let first: CivilDate;
  let count: number;
  if (mode === 'week') {
    first = addDays(anchor, -weekdayOf(anchor));
    count = 7;
  } else {
    const start = { year: anchor.year, month: anchor.month, day: 1 };
    first = addDays(start, -weekdayOf(start));
    const last = { year: anchor.year, month: anchor.month, day: daysInMonth(anchor.year, anchor.month) };
    const end = addDays(last, 6 - weekdayOf(last));
    count =
      Math.round(
        (Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(first.year, first.month - 1, first.day)) /
          86_400_000,
      ) + 1;
  }
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The anchor one period before (-1) or after (1): the same day of the next month (clamped), ±7 or ±1 days. */
export function shiftAnchor(mode: CalendarMode, anchor: CivilDate, step: 1 | -1): CivilDate {
  if (mode === 'day') return addDays(anchor, step);
  if (mode === 'week') return addDays(anchor, 7 * step);
  const monthIndex = anchor.year * 12 + (anchor.month - 1) + step;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return civilDate(year, month, Math.min(anchor.day, daysInMonth(year, month))) ?? anchor;
}

const instantAt = (day: CivilDate, timeZone: string): string =>
  (fromZoned({ ...day, hour: 0, minute: 0, second: 0 }, timeZone) ?? new Date(NaN)).toISOString();

/**
 * The grid API's filter for the records whose value falls in `days`: a date between the first and
 * the last day; an instant from the first day's midnight up to (not including) the day after the
 * last. A time window is stored as JSON, which the filters compare only for emptiness: its days
 * are picked from the answer (placementOf).
 */
export function periodFilter(
  attribute: string,
  kind: CalendarKind,
  days: CivilDate[],
  timeZone: string,
): FilterNode {
  const first = days[0] ?? { year: 1970, month: 1, day: 1 };
  const last = days[days.length - 1] ?? first;
  if (kind === 'date') return { attribute, operator: 'between', value: [toIsoDate(first), toIsoDate(last)] };
  if (kind === 'window') return { attribute, operator: 'is_not_empty' };
  return {
    condition: 'E',
    rules: [
      { attribute, operator: 'greater_or_equal', value: instantAt(first, timeZone) },
      { attribute, operator: 'less', value: instantAt(addDays(last, 1), timeZone) },
    ],
  };
}

/** Where a value sits on the calendar: its day, and its clock time ('HH:mm') unless it is a date. */
export interface Placement {
  date: string;
  time: string | undefined;
  contingency: boolean;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function placementOf(kind: CalendarKind, value: unknown, timeZone: string): Placement | undefined {
  if (kind === 'date') {
    const day = typeof value === 'string' ? parseIsoDate(value.slice(0, 10)) : undefined;
    return day ? { date: toIsoDate(day), time: undefined, contingency: false } : undefined;
  }
  if (kind === 'window') {
    const window = readTimeWindow(value);
    return window ? { date: window.date, time: window.time, contingency: window.contingency } : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const zoned = toZoned(new Date(value), timeZone);
  if (!zoned) return undefined;
  return {
    date: toIsoDate(zoned),
    time: `${pad2(zoned.hour)}:${pad2(zoned.minute)}`,
    contingency: false,
  };
}

/** Where an entry is dropped: a day (month view, a date's row), or a day and a time row ('HH:mm'). */
export interface DropTarget {
  date: string;
  time?: string | undefined;
  /** The time is the new clock time itself ("Mudar data…"), not an hour row whose minutes are kept. */
  exact?: boolean;
}

/**
 * The value a record gets when moved: a date takes the day; an instant keeps its minutes (and, moved
 * to a day only, its time of day) in the company's zone; a time window keeps its kind (contingency
 * or slot) and, moved to a day only, its time. Undefined when nothing would change or it cannot move.
 */
export function movedValue(
  kind: CalendarKind,
  value: unknown,
  target: DropTarget,
  timeZone: string,
): unknown {
  const day = parseIsoDate(target.date);
  const now = placementOf(kind, value, timeZone);
  if (!day || !now) return undefined;
  if (kind === 'date') return now.date === target.date ? undefined : toIsoDate(day);
  if (kind === 'window') {
    const time = target.time ?? now.time ?? '00:00';
    if (now.date === target.date && now.time === time) return undefined;
    return { date: toIsoDate(day), time, contingency: now.contingency };
  }
  const zoned = toZoned(new Date(value as string), timeZone);
  if (!zoned) return undefined;
  const hour = target.time ? Number(target.time.slice(0, 2)) : zoned.hour;
  const minute = target.time && target.exact ? Number(target.time.slice(3, 5)) : zoned.minute;
  const second = target.time && target.exact ? 0 : zoned.second;
  if (now.date === target.date && hour === zoned.hour && minute === zoned.minute) return undefined;
  const instant = fromZoned({ ...day, hour, minute, second }, timeZone);
  return instant?.toISOString();
}

/** The row of the week and day views a placement falls in: its hour, or a time window's own slot. */
export function rowOf(kind: CalendarKind, placement: Placement): string | undefined {
  if (!placement.time) return undefined;
  return kind === 'window' ? placement.time : `${placement.time.slice(0, 2)}:00`;
}

export const HOUR_ROWS: readonly string[] = Array.from({ length: 24 }, (_, h) => `${pad2(h)}:00`);

// ---- period names, in pt-BR ------------------------------------------------------------------

const utc = (d: CivilDate) => new Date(Date.UTC(d.year, d.month - 1, d.day, 12));
const monthYear = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Novembro de 2026", "29/11/2026 – 05/12/2026" or "Domingo, 29 de novembro de 2026". */
export function periodTitle(mode: CalendarMode, anchor: CivilDate): string {
  if (mode === 'month') return capitalized(monthYear.format(utc(anchor)));
  if (mode === 'day') return capitalized(longDay.format(utc(anchor)));
  const days = periodDays('week', anchor);
  return `${formatDate(days[0] ?? anchor)} – ${formatDate(days[6] ?? anchor)}`;
}

/** "29 de novembro de 2026", for labels. */
export function dayLabel(day: CivilDate): string {
  return longDay.format(utc(day));
}

/** How a moved value reads in the notice: dd/MM/yyyy, with its time when it has one. */
export function whenText(kind: CalendarKind, value: unknown, timeZone: string): string {
  const p = placementOf(kind, value, timeZone);
  const day = p ? parseIsoDate(p.date) : undefined;
  if (!p || !day) return '';
  return p.time ? `${formatDate(day)} ${p.time}` : formatDate(day);
}

/** Where a new record made from a day's "+" starts: a date is the day; an instant, the day at 09:00. */
export const NEW_RECORD_HOUR = 9;

export function presetValue(kind: CalendarKind, date: string, timeZone: string): unknown {
  const day = parseIsoDate(date);
  if (!day || kind === 'window') return undefined;
  if (kind === 'date') return toIsoDate(day);
  return fromZoned({ ...day, hour: NEW_RECORD_HOUR, minute: 0, second: 0 }, timeZone)?.toISOString();
}
