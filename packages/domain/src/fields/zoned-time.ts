import { applyMask } from './mask.ts';
import { civilDate, formatDate, isValidCivilDate, parseIsoDate, type CivilDate } from './civil-date.ts';

/**
 * Instants seen in a company's time zone (GUIDE §4: dates are shown and compared in the company's
 * zone, instants stored in UTC). Built on `Intl`, which browsers and Node both have, so the domain
 * package needs no date library.
 */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** A wall-clock moment in some zone. */
export interface CivilDateTime extends CivilDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | undefined {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return undefined;
  }
}

/** The zone itself when `Intl` knows it, otherwise America/Sao_Paulo. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && formatterFor(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** The wall clock of an instant in a zone, read from Intl (a few microseconds a call). */
function partsInZone(instant: Date, formatter: Intl.DateTimeFormat): CivilDateTime {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const DAY_MS = 86_400_000;
const MAX_CACHED_DAYS = 50_000;
/**
 * Per zone, the UTC offset of the (UTC) days whose offset is the same at their first and last
 * second — every day but a transition's. An export of a million dates asks Intl twice per day seen
 * instead of once per value; a transition day is always read from Intl.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();

function offsetAt(ms: number, formatter: Intl.DateTimeFormat): number {
  return wallClockAsUtc(partsInZone(new Date(ms), formatter)) - ms;
}

function dayOffset(ms: number, zone: string, formatter: Intl.DateTimeFormat): number | null {
  let days = dayOffsets.get(zone);
  if (!days) dayOffsets.set(zone, (days = new Map<number, number | null>()));
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS, formatter);
    const last = offsetAt(day * DAY_MS + DAY_MS - 1000, formatter);
    offset = first === last ? first : null;
    if (days.size >= MAX_CACHED_DAYS) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** The wall clock of an instant in a zone; undefined for an invalid Date. */
export function toZoned(instant: Date, timeZone: string): CivilDateTime | undefined {
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) return undefined;
  const zone = resolveTimeZone(timeZone);
  const formatter = formatterFor(zone);
  if (!formatter) return undefined;
  const offset = dayOffset(ms, zone, formatter);
  if (offset === null) return partsInZone(instant, formatter);
  const wall = new Date(ms + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

function wallClockAsUtc(t: CivilDateTime): number {
  const date = new Date(0);
  date.setUTCFullYear(t.year, t.month - 1, t.day);
  date.setUTCHours(t.hour, t.minute, t.second, 0);
  return date.getTime();
}

/**
 * The instant at which the zone's wall clock shows `t`. A wall time skipped by a daylight-saving
 * jump resolves to the instant just after the jump; a repeated one to its first occurrence.
 */
export function fromZoned(t: CivilDateTime, timeZone: string): Date | undefined {
  const target = wallClockAsUtc(t);
  if (!Number.isFinite(target)) return undefined;
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const seen = toZoned(new Date(guess), timeZone);
    if (!seen) return undefined;
    const diff = target - wallClockAsUtc(seen);
    if (diff === 0) break;
    guess += diff;
  }
  return new Date(guess);
}

/** The calendar day an instant falls on in a zone. */
export function civilDateIn(instant: Date, timeZone: string): CivilDate | undefined {
  const t = toZoned(instant, timeZone);
  return t ? { year: t.year, month: t.month, day: t.day } : undefined;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** dd/MM/yyyy HH:mm of an instant in a zone ('' for an invalid Date). */
export function formatDateTime(instant: Date, timeZone: string): string {
  const t = toZoned(instant, timeZone);
  if (!t || !isValidCivilDate(t.year, t.month, t.day)) return '';
  return `${formatDate(t)} ${pad2(t.hour)}:${pad2(t.minute)}`;
}

function validClock(hour: number, minute: number, second: number): boolean {
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** Reads a complete 'dd/MM/yyyy HH:mm' typed in the zone. */
export function parseDateTime(text: string, timeZone: string): Date | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const date = civilDate(Number(match[3]), Number(match[2]), Number(match[1]));
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  if (!date || !validClock(hour, minute, 0)) return undefined;
  return fromZoned({ ...date, hour, minute, second: 0 }, timeZone);
}

/**
 * Reads what the API may carry for a date-time: an ISO 8601 instant with 'Z' or an offset, an ISO
 * wall time without offset (read in the zone), or the editor's 'dd/MM/yyyy HH:mm'.
 */
export function parseAnyDateTime(text: string, timeZone: string): Date | undefined {
  const trimmed = text.trim();
  const iso =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      trimmed,
    );
  if (!iso) return parseDateTime(trimmed, timeZone);
  const date = parseIsoDate(iso[1] ?? '');
  const hour = Number(iso[2]);
  const minute = Number(iso[3]);
  const second = Number(iso[4] ?? '0');
  if (!date || !validClock(hour, minute, second)) return undefined;
  const wall = { ...date, hour, minute, second };
  const offset = iso[6];
  if (offset === undefined) return fromZoned(wall, timeZone);
  const millis = Number((iso[5] ?? '').padEnd(3, '0').slice(0, 3));
  return new Date(wallClockAsUtc(wall) + millis - offsetMinutes(offset) * 60_000);
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return offset.startsWith('-') ? -minutes : minutes;
}

/** The typing mask of the date-time editor: 00/00/0000 00:00. */
export function maskDateTime(input: string): string {
  return applyMask(input, '00/00/0000 00:00');
}
