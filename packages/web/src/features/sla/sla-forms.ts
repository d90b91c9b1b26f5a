import { formatDate, parseDate, parseIsoDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';

/** The screen's text forms of a calendar's hours and holidays, and the priority filter. */

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;

export function rangesText(day: readonly (readonly [number, number])[]): string {
  return day.map(([a, b]) => `${clock(a)}-${clock(b)}`).join(', ');
}

/** "08:00-12:00, 13:00-18:00" → ranges; undefined when malformed. */
export function parseRanges(text: string): [number, number][] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: [number, number][] = [];
  for (const p of parts) {
    const m = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(p);
    if (!m) return undefined;
    const a = Number(m[1]) * 60 + Number(m[2]);
    const b = Number(m[3]) * 60 + Number(m[4]);
    if (Number(m[2]) > 59 || Number(m[4]) > 59 || a >= b || b > 1440) return undefined;
    out.push([a, b]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}

export function holidaysText(dates: readonly string[]): string {
  return dates
    .map((d) => parseIsoDate(d))
    .filter((d) => d !== undefined)
    .map((d) => formatDate(d))
    .join('\n');
}

/** Lines of dd/mm/aaaa → ISO dates; the first bad line otherwise. */
export function parseHolidays(text: string): { dates: string[] } | { bad: string } {
  const dates: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const d = parseDate(line);
    if (!d) return { bad: line };
    dates.push(toIsoDate(d));
  }
  return { dates };
}

/** Priorities chosen → a filter (any of them); none → every ticket. */
export function priorityFilter(ids: readonly string[]): FilterNode | null {
  if (ids.length === 0) return null;
  return {
    condition: 'OU',
    rules: ids.map((id) => ({ attribute: 'prioridade', operator: 'equal', value: Number(id) })),
  };
}

/** The priorities of a filter the screen wrote; null when the filter is another one. */
export function prioritiesOf(filter: FilterNode | null): string[] | null {
  if (filter === null) return [];
  const f = filter as {
    condition?: string;
    rules?: { attribute?: string; operator?: string; value?: unknown }[];
  };
  if (f.condition !== 'OU' || !Array.isArray(f.rules)) return null;
  const out: string[] = [];
  for (const r of f.rules) {
    if (r.attribute !== 'prioridade' || r.operator !== 'equal' || typeof r.value !== 'number') return null;
    out.push(String(r.value));
  }
  return out;
}
