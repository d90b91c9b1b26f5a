import { Lanes } from './lanes.ts';

/** The lanes of an instance's background work (issue 33, GUIDE §8 "one background runner"). */
export type BackgroundLane = 'event' | 'set' | 'tags' | 'imports';

/**
 * How much of each kind of background work one instance does at once. Which instance does a piece
 * of work is the database's to say (each kind's table claims its rows with a lease); these are the
 * in-process slots:
 * - `event`: automation runs on one record's event (their writes share commits);
 * - `set`: automation runs over a filter's records (run on existing, schedule slots), which never
 *   hold the event lane;
 * - `tags`: re-tagging existing records after a tag's filters change, one tag and subject at a time;
 * - `imports`: CSV imports of every account (each account has at most two under way: 429 above).
 */
export const BACKGROUND_LANES: Readonly<Record<BackgroundLane, number>> = {
  event: 8,
  set: 2,
  tags: 1,
  imports: 4,
};

export function backgroundRunner(sizes: Partial<Record<BackgroundLane, number>> = {}): Lanes<BackgroundLane> {
  return new Lanes<BackgroundLane>({ ...BACKGROUND_LANES, ...sizes });
}
