/**
 * The one reading of the 7-field cron string (002 §3, Quartz style): `second minute hour
 * day-of-month month day-of-week year`, day-of-week 1 = Sunday … 7 = Saturday, '?' for whichever
 * day field is not used; the 6-field form without the year reads as year '*'. The schedule editor
 * (schedule.ts) reads its own shapes from these fields, and the server's scheduler turns them into
 * slots: nobody else splits a cron string.
 *
 * Each field is '*', or a list (`,`) of items `n`, `a-b`, `n/s`, `*\/s` or `a-b/s`, every number in
 * the field's range and every range ascending; '?' only in a day field. Names (MON, JAN) and
 * Quartz's `L`, `W` and `#` are not read: no editor writes them and the server refuses them.
 */
export interface CronFields {
  readonly second: string;
  readonly minute: string;
  readonly hour: string;
  readonly dayOfMonth: string;
  readonly month: string;
  readonly dayOfWeek: string;
  readonly year: string;
}

export type CronFieldName = keyof CronFields;

/** Each field's lowest and highest value, in the string's order. */
export const CRON_FIELDS: readonly { name: CronFieldName; min: number; max: number }[] = [
  { name: 'second', min: 0, max: 59 },
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'dayOfWeek', min: 1, max: 7 },
  { name: 'year', min: 1970, max: 2199 },
];

const ITEM = /^(?:(\*)|(\d{1,4})(?:-(\d{1,4}))?)(?:\/(\d{1,4}))?$/;

function validField(text: string, min: number, max: number, dayField: boolean): boolean {
  if (text === '*' || (dayField && text === '?')) return true;
  for (const item of text.split(',')) {
    const m = ITEM.exec(item);
    if (!m) return false;
    const [, star, from, to, step] = m;
    if (step !== undefined && (Number(step) < 1 || Number(step) > max)) return false;
    if (star !== undefined) {
      if (step === undefined) return false; // a bare '*' inside a list
      continue;
    }
    const a = Number(from);
    const b = to === undefined ? a : Number(to);
    if (a < min || b > max || a > b) return false;
  }
  return true;
}

/** The fields of a cron string, or undefined when it is not one (see above). */
export function readCron(cron: string): CronFields | undefined {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 6 && parts.length !== 7) return undefined;
  const values: Partial<Record<CronFieldName, string>> = {};
  for (const [i, field] of CRON_FIELDS.entries()) {
    const text = parts[i] ?? '*';
    const dayField = field.name === 'dayOfMonth' || field.name === 'dayOfWeek';
    if (!validField(text, field.min, field.max, dayField)) return undefined;
    values[field.name] = text;
  }
  return values as CronFields;
}

/** Whether a value is one the field names (the field as `readCron` accepted it). */
export function fieldMatches(field: string, value: number, min: number, max: number): boolean {
  if (field === '*' || field === '?') return true;
  return field.split(',').some((item) => {
    const m = ITEM.exec(item);
    if (!m) return false;
    const [, star, from, to, step] = m;
    const a = star !== undefined ? min : Number(from);
    const b = star !== undefined || (to === undefined && step !== undefined) ? max : Number(to ?? from);
    const s = step === undefined ? 1 : Number(step);
    return value >= a && value <= b && (value - a) % s === 0;
  });
}

/** The numbers a field names (a list of single numbers and ranges), or undefined if it holds more. */
export function listedValues(field: string, max: number): number[] | undefined {
  if (field === '*' || field === '?') return undefined;
  const out = new Set<number>();
  for (const item of field.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(item);
    if (!m) return undefined;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to > max) return undefined;
    for (let v = from; v <= to; v++) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}
