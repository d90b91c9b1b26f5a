import { Cron } from 'croner';
import { toStandardCron } from '@talkbase/domain/fields/schedule';

/**
 * The slots (ms) of a schedule step's cron in (after, upTo], oldest first, at most `max`. The
 * 7-field string (002 §3) is read once, by the domain's schedule rule (`parseScheduleCron`, the
 * same reading as the editor's and the job validation's), into the 5-field form croner runs.
 */
export function slotsBetween(
  cron: string,
  timeZone: string,
  after: number,
  upTo: number,
  max = 10,
): number[] {
  const pattern = toStandardCron(cron);
  if (pattern === undefined) return [];
  const c = new Cron(pattern, { paused: true, timezone: timeZone });
  const out: number[] = [];
  let from = new Date(after);
  for (let i = 0; i < max; i++) {
    const next = c.nextRun(from);
    if (!next || next.getTime() > upTo) break;
    out.push(next.getTime());
    from = next;
  }
  return out;
}
