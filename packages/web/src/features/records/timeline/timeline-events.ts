import type { TimelineEntry } from '@talkbase/domain/contracts/talks';

/**
 * One change event: what one account did to the record at one moment (a save writes one row per
 * attribute it changed, all with the same time and action), with its attribute changes.
 */
export interface TimelineEvent {
  key: string;
  at: string;
  action: string;
  accountId: number | null;
  accountName: string | null;
  /** The rows that name an attribute, in the order the server sent them. */
  changes: TimelineEntry[];
}

/** Groups rows (newest first) into events; rows of one event that a page break split are joined. */
export function groupTimeline(entries: readonly TimelineEntry[]): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    // Pages fetched while new rows arrive may repeat a row at their edge.
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    const last = events.at(-1);
    const same =
      last !== undefined &&
      last.at === entry.at &&
      last.action === entry.action &&
      last.accountId === entry.accountId;
    const event: TimelineEvent = same
      ? last
      : {
          key: `${entry.id}`,
          at: entry.at,
          action: entry.action,
          accountId: entry.accountId,
          accountName: entry.accountName,
          changes: [],
        };
    if (!same) events.push(event);
    if (entry.subjectAttributeId !== null) event.changes.push(entry);
  }
  return events;
}
