import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { placementOf, rowOf, type CalendarKind, type Placement } from './calendar-dates.ts';
import { entryColor, type ColorBy, type EntryColor } from './calendar-colors.ts';

/** A record as the calendar shows it. */
export interface CalendarItem {
  talk: ApiTalk;
  placement: Placement;
  /** Its row in the week and day views ('HH:mm'); undefined for a date. */
  row: string | undefined;
  color: EntryColor | undefined;
  /** Whether it can be dragged (the account may change the record and the attribute). */
  movable: boolean;
}

/** The records of the answer by day ('YYYY-MM-DD'), each day's by time and then name. */
export function itemsByDay(
  talks: readonly ApiTalk[],
  options: {
    attributeId: number;
    kind: CalendarKind;
    timeZone: string;
    colorBy: ColorBy;
    canUpdate: boolean;
    noValue: string;
    noTag: string;
  },
): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const talk of talks) {
    const value = talk.talkValues.find((v) => v.subjectAttributeId === options.attributeId)?.value;
    const placement = placementOf(options.kind, value, options.timeZone);
    if (!placement) continue;
    const item: CalendarItem = {
      talk,
      placement,
      row: rowOf(options.kind, placement),
      color: entryColor(talk, options.colorBy, options.noValue, options.noTag),
      movable: options.canUpdate && !talk.isReadOnly,
    };
    const list = byDay.get(placement.date);
    if (list) list.push(item);
    else byDay.set(placement.date, [item]);
  }
  for (const list of byDay.values())
    list.sort(
      (a, b) =>
        (a.placement.time ?? '').localeCompare(b.placement.time ?? '') ||
        a.talk.displayName.localeCompare(b.talk.displayName, 'pt-BR') ||
        a.talk.talkId - b.talk.talkId,
    );
  return byDay;
}

/** The colours in use, once each, in the order of their first entry (the legend). */
export function legendOf(days: Iterable<CalendarItem[]>): EntryColor[] {
  const seen = new Map<string, EntryColor>();
  for (const list of days)
    for (const item of list)
      if (item.color && !seen.has(item.color.key)) seen.set(item.color.key, item.color);
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}
