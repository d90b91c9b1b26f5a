/**
 * A time zone's UTC offsets as a step function of the instant, for SQLite, which has no time zones:
 * a date-time column is shifted by the offset in force at its instant, then bucketed as UTC. The
 * steps are found once per zone from Intl (1970 to 30 years ahead) and kept.
 */
export interface OffsetStep {
  /** The first instant (ms) of this offset. */
  from: number;
  offsetMs: number;
}

const WEEK = 7 * 86_400_000;
const steps = new Map<string, OffsetStep[]>();
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (the wall clock minus UTC). */
export function offsetAt(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The offsets in force since 1970, oldest first (the first starts at -Infinity). */
export function offsetSteps(timeZone: string, now = Date.now()): OffsetStep[] {
  const known = steps.get(timeZone);
  if (known) return known;
  const end = now + 30 * 365 * 86_400_000;
  let at = 0;
  let offset = offsetAt(at, timeZone);
  const out: OffsetStep[] = [{ from: -Infinity, offsetMs: offset }];
  while (at < end) {
    const next = at + WEEK;
    const nextOffset = offsetAt(next, timeZone);
    if (nextOffset !== offset) {
      // The change lies in (at, next]: halve the interval down to the second.
      let lo = at;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ from: hi, offsetMs: nextOffset });
      offset = nextOffset;
    }
    at = next;
  }
  steps.set(timeZone, out);
  return out;
}
