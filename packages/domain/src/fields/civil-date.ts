import { applyMask } from './mask.ts';

/** A calendar day without time or zone ("the 25th of December 2026"). Month is 1–12. */
export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const MS_PER_DAY = 86_400_000;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Milliseconds of the UTC midnight of a day; years 0–99 are real years, not 1900–1999. */
function utcMidnight(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMidnight(year, month + 1, 0)).getUTCDate();
}

/** Years 1–9999, so that every date prints as dd/MM/yyyy. */
export function isValidCivilDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function civilDate(year: number, month: number, day: number): CivilDate | undefined {
  return isValidCivilDate(year, month, day) ? { year, month, day } : undefined;
}

function fromUtcMs(ms: number): CivilDate {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return fromUtcMs(utcMidnight(date.year, date.month, date.day) + Math.trunc(days) * MS_PER_DAY);
}

/** Negative when a is before b, 0 on the same day, positive after. */
export function compareCivilDates(a: CivilDate, b: CivilDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function sameCivilDate(a: CivilDate, b: CivilDate): boolean {
  return compareCivilDates(a, b) === 0;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: CivilDate): number {
  return new Date(utcMidnight(date.year, date.month, date.day)).getUTCDay();
}

export function isWeekend(date: CivilDate): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

/** 'YYYY-MM-DD', the form the API stores (records/value-kinds.ts). */
export function toIsoDate(date: CivilDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

export function parseIsoDate(text: string): CivilDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  return civilDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** dd/MM/yyyy, as the editors show dates. */
export function formatDate(date: CivilDate): string {
  return `${pad(date.day, 2)}/${pad(date.month, 2)}/${pad(date.year, 4)}`;
}

/** Reads a complete dd/MM/yyyy date; undefined when incomplete or not a real day. */
export function parseDate(text: string): CivilDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  return civilDate(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** Reads dd/MM/yyyy or YYYY-MM-DD. */
export function parseAnyDate(text: string): CivilDate | undefined {
  return parseDate(text) ?? parseIsoDate(text);
}

/** The typing mask of the date editor: 00/00/0000. */
export function maskDate(input: string): string {
  return applyMask(input, '00/00/0000');
}
