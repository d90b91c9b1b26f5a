import { Cron } from 'croner';
import { CRON_FIELDS, fieldMatches, readCron } from '@talkbase/domain/fields/cron';

const YEAR = CRON_FIELDS[6] ?? { min: 1970, max: 2199 };

/**
 * The schedule's 7-field cron, read by the domain (`readCron`: seconds and years included), as
 * croner's 6-field pattern (day-of-week 0 = Sunday): `a/b` becomes `a-max/b`, '?' becomes '*',
 * day-of-week numbers move down by one; the year is checked apart (`years`, null for every year).
 * Answers undefined for a string that is not a cron.
 */
export function toCronerPattern(
  cron: string,
): { pattern: string; years: ((y: number) => boolean) | null } | undefined {
  const fields = readCron(cron);
  if (!fields) return undefined;
  const out = CRON_FIELDS.slice(0, 6).map(({ name, max }) => {
    let f = fields[name];
    if (f === '?') f = '*';
    f = f.replace(
      /(^|,)(\d+)\/(\d+)(?=,|$)/g,
      (_m, lead: string, a: string, b: string) => `${lead}${a}-${max}/${b}`,
    );
    // Days, not steps: `2-6/2` is `1-5/2`.
    if (name === 'dayOfWeek') f = f.replace(/(?<![/\d])\d+/g, (d) => String((Number(d) + 6) % 7));
    return f;
  });
  const year = fields.year;
  const years =
    year === '*' || year === '?' ? null : (y: number) => fieldMatches(year, y, YEAR.min, YEAR.max);
  try {
    new Cron(out.join(' '), { paused: true });
  } catch {
    return undefined;
  }
  return { pattern: out.join(' '), years };
}

/** The slots (ms) of a cron in (after, upTo], oldest first, at most `max`. */
export function slotsBetween(
  cron: string,
  timeZone: string,
  after: number,
  upTo: number,
  max = 10,
): number[] {
  const parsed = toCronerPattern(cron);
  if (!parsed) return [];
  const c = new Cron(parsed.pattern, { paused: true, timezone: timeZone });
  const out: number[] = [];
  let from = new Date(after);
  for (let i = 0; i < 1000 && out.length < max; i++) {
    const next = c.nextRun(from);
    if (!next || next.getTime() > upTo) break;
    if (!parsed.years || parsed.years(next.getUTCFullYear())) out.push(next.getTime());
    from = next;
  }
  return out;
}
