import { addDays, parseIsoDate, toIsoDate, weekdayOf, type CivilDate } from './civil-date.ts';
import { configCount, configStringList, configValue } from './component-config.ts';
import { isNationalHoliday, TIME_WINDOW_HOLIDAYS } from './holidays.ts';

/**
 * The time window, component 28 (spec 002 §2 "Time-window editor", §3 "Availability window data",
 * §5 "Time window"): a delivery slot chosen among the ones still free, or a free date and time in
 * contingency mode.
 *
 * Value (JSON): `{date: 'YYYY-MM-DD', time: 'HH:mm', contingency: boolean}`. The date and time are
 * the company's wall clock (its time zone), as a booking is.
 */
export interface TimeWindowValue {
  date: string;
  time: string;
  contingency: boolean;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Reads a stored value; undefined when it is not a time window. */
export function readTimeWindow(value: unknown): TimeWindowValue | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.date !== 'string' || !parseIsoDate(v.date)) return undefined;
  if (typeof v.time !== 'string' || !CLOCK.test(v.time)) return undefined;
  return { date: v.date, time: v.time, contingency: v.contingency === true };
}

function minutesOf(time: string): number | undefined {
  const m = /^(\d{2}):(\d{2})/.exec(time);
  if (!m) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}

function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const SATURDAY_LIMIT = 11 * 60;
const EARLY_LIMIT = 7 * 60;

/**
 * §5: a slot needs the notice about documents when it falls on a Saturday after 11:00, on any
 * Sunday, on a Monday or the day after a holiday before 07:00, or on a holiday (the time window's
 * holiday set: Carnival Monday too, 15 Nov not). Contingency dates never show it.
 */
export function needsDocumentsNotice(slot: { date: string; time: string }): boolean {
  const day = parseIsoDate(slot.date);
  const minutes = minutesOf(slot.time);
  if (!day || minutes === undefined) return false;
  const weekday = weekdayOf(day);
  if (isNationalHoliday(day, TIME_WINDOW_HOLIDAYS)) return true;
  if (weekday === 0) return true;
  if (weekday === 6 && minutes > SATURDAY_LIMIT) return true;
  const afterHoliday = isNationalHoliday(addDays(day, -1), TIME_WINDOW_HOLIDAYS);
  return (weekday === 1 || afterHoliday) && minutes < EARLY_LIMIT;
}

/**
 * How slots are offered, from the attribute's componentConfigs (keys case-insensitive):
 * - `openingTime` / `closingTime` ('HH:mm', default 07:00 and 17:00): the first slot starts at
 *   opening; the last one ends by closing;
 * - `slotMinutes` (default 60, 5–720): the length of a slot;
 * - `capacity` (default 1): bookings a slot takes;
 * - `weekdays` (1 Sunday … 7 Saturday, default 2–6): the days slots are offered;
 * - `holidays` (default true): whether holidays (the time window's set) are closed.
 * - `phone`: the contact phone the modal shows; `loadAttribute`: identifier of the record's
 *   attribute naming the load, which must be chosen first (the web editor reads it).
 */
export interface TimeWindowConfig {
  opening: number;
  closing: number;
  slotMinutes: number;
  capacity: number;
  weekdays: number[];
  closedOnHolidays: boolean;
}

export function timeWindowConfig(configs: unknown): TimeWindowConfig {
  const readClock = (key: string, fallback: number) => {
    const v = configValue(configs, key);
    const minutes = typeof v === 'string' ? minutesOf(v.trim()) : undefined;
    return minutes !== undefined && minutes < 24 * 60 ? minutes : fallback;
  };
  // A list of numbers, or of texts ('2;3;4' or ['2', '3']).
  const raw = configValue(configs, 'weekdays');
  const listed = [
    ...configStringList(configs, 'weekdays'),
    ...(Array.isArray(raw) ? (raw as unknown[]).filter((n) => typeof n === 'number') : []),
  ]
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 7);
  const weekdays = [...new Set(listed)].sort((a, b) => a - b);
  const holidays = configValue(configs, 'holidays');
  return {
    opening: readClock('openingTime', 7 * 60),
    closing: readClock('closingTime', 17 * 60),
    slotMinutes: Math.min(720, Math.max(5, configCount(configs, 'slotMinutes', 1) ?? 60)),
    capacity: configCount(configs, 'capacity', 1) ?? 1,
    weekdays: weekdays.length ? weekdays : [2, 3, 4, 5, 6],
    closedOnHolidays: !(holidays === false || holidays === 'false' || holidays === 0 || holidays === 'N'),
  };
}

/** Whether `day` offers slots at all: one of the attribute's weekdays, and no closed holiday. */
function dayOffered(config: TimeWindowConfig, day: CivilDate): boolean {
  return (
    config.weekdays.includes(weekdayOf(day) + 1) &&
    !(config.closedOnHolidays && isNationalHoliday(day, TIME_WINDOW_HOLIDAYS))
  );
}

/** The slots' start times of an offered day, in minutes: from opening, each ending by closing. */
function slotStarts(config: TimeWindowConfig): number[] {
  const starts: number[] = [];
  for (let m = config.opening; m + config.slotMinutes <= config.closing; m += config.slotMinutes)
    starts.push(m);
  return starts;
}

/** The start times ('HH:mm') of the slots of an offered day: what the designer shows. */
export function offeredTimes(config: TimeWindowConfig): string[] {
  return slotStarts(config).map(clockOf);
}

/**
 * Whether a booking is one the attribute offers (the browser's form and the server both ask this):
 * a contingency value is a free date and time and always is; a slot must fall on an offered day
 * (weekday, holidays) and start at one of its slots (opening, closing, slot length). Whether the
 * slot still has a place is the server's (modules/bookings).
 */
export function isOfferedBooking(config: TimeWindowConfig, value: TimeWindowValue): boolean {
  if (value.contingency) return true;
  const day = parseIsoDate(value.date);
  const minutes = minutesOf(value.time);
  if (!day || minutes === undefined || !dayOffered(config, day)) return false;
  return slotStarts(config).includes(minutes);
}

/** One slot of a day (§3): its time and how many bookings it still takes. */
export interface AvailabilityHour {
  horario: string;
  janelas: number;
}

export interface AvailabilityDay {
  id: string;
  date: string;
  hours: AvailabilityHour[];
}

export const MAX_AVAILABILITY_DAYS = 31;

/**
 * The slots of `days` calendar days from `from`, minus the bookings already made (each booking
 * takes one place of its slot) and the slots already begun (`now` is the company's wall clock).
 * Full slots stay listed with 0 places, so the editor can show them as taken.
 */
export function availabilityDays(input: {
  from: CivilDate;
  days: number;
  config: TimeWindowConfig;
  bookings: readonly { date: string; time: string }[];
  now?: { date: string; time: string };
}): AvailabilityDay[] {
  const { config } = input;
  const booked = new Map<string, number>();
  for (const b of input.bookings) {
    const key = `${b.date} ${b.time}`;
    booked.set(key, (booked.get(key) ?? 0) + 1);
  }
  const nowMinutes = input.now ? (minutesOf(input.now.time) ?? 0) : -1;
  const list: AvailabilityDay[] = [];
  const count = Math.min(Math.max(1, Math.trunc(input.days)), MAX_AVAILABILITY_DAYS);
  for (let i = 0; i < count; i++) {
    const day = addDays(input.from, i);
    const date = toIsoDate(day);
    const open = dayOffered(config, day) && !(input.now && date < input.now.date);
    const hours: AvailabilityHour[] = [];
    if (open) {
      for (const m of slotStarts(config)) {
        if (input.now && date === input.now.date && m <= nowMinutes) continue;
        const horario = clockOf(m);
        hours.push({
          horario,
          janelas: Math.max(0, config.capacity - (booked.get(`${date} ${horario}`) ?? 0)),
        });
      }
    }
    list.push({ id: date, date, hours });
  }
  return list;
}
