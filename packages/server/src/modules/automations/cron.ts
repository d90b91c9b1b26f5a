import { Cron } from 'croner';

/** Highest value of each of the first six fields of the 7-field cron (002 §3), for `a/b` steps. */
const FIELD_MAX = [59, 59, 23, 31, 12, 7];

/**
 * The schedule's 7-field Quartz-style cron (`s m h dom mon dow year`, day-of-week 1 = Sunday, '?'
 * for the unused day field) as croner's 6-field pattern (day-of-week 0 = Sunday): `a/b` becomes
 * `a-max/b`, '?' becomes '*', day-of-week numbers move down by one. The year must be '*' or a
 * list/range croner's caller checks (`years`). Answers undefined for a string that is not a cron.
 */
export function toCronerPattern(
  cron: string,
): { pattern: string; years: ((y: number) => boolean) | null } | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 7 && fields.length !== 6) return undefined;
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    let f = fields[i] ?? '*';
    if (f === '?') f = '*';
    f = f.replace(/^(\d+)\/(\d+)$/, (_m, a: string, b: string) => `${a}-${FIELD_MAX[i]}/${b}`);
    if (i === 5) f = f.replace(/\d+/g, (d) => String((Number(d) + 6) % 7));
    out.push(f);
  }
  const year = fields[6] ?? '*';
  let years: ((y: number) => boolean) | null = null;
  if (year !== '*' && year !== '?') {
    const allowed = new Set<number>();
    for (const part of year.split(',')) {
      const m = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
      if (!m) return undefined;
      const from = Number(m[1]);
      const to = Number(m[2] ?? m[1]);
      for (let y = from; y <= to && y - from < 200; y++) allowed.add(y);
    }
    years = (y) => allowed.has(y);
  }
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
