import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { toIsoDate, weekdayOf, type CivilDate } from '@talkbase/domain/fields/civil-date';
import { useEffect, useRef } from 'react';
import { calendarText } from '../../../i18n/calendar.ts';
import { dayLabel, periodTitle } from './calendar-dates.ts';
import type { CalendarItem } from './calendar-items.ts';
import { CalendarEntry, DropCell } from './CalendarEntry.tsx';

const text = calendarText;

/** Booked places and capacity of a time-window slot, by 'YYYY-MM-DD HH:mm'. */
export type SlotCapacity = Map<string, { booked: number; capacity: number }>;

/**
 * A week or a day: a row per hour (date-time), per slot (time window), or one "Dia inteiro" row
 * (a date), a column per day. In a week, a day's name opens the day.
 */
export function TimeGrid({
  days,
  rows,
  today,
  items,
  capacity,
  subject,
  onOpenDay,
  onChangeDate,
}: {
  days: CivilDate[];
  /** undefined: the attribute is a date (one row for the whole day). */
  rows: readonly string[] | undefined;
  today: string;
  items: Map<string, CalendarItem[]>;
  capacity: SlotCapacity | undefined;
  subject: string;
  onOpenDay: ((date: string) => void) | undefined;
  onChangeDate: (item: CalendarItem) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Opens at the working morning (or the first entry before it), not at midnight.
  const firstRow = rows?.find((r) => r >= '07:00') ?? rows?.[0];
  const earliest = [...items.values()]
    .flat()
    .reduce<string | undefined>((min, i) => (i.row && (!min || i.row < min) ? i.row : min), undefined);
  const startRow = earliest && firstRow && earliest < firstRow ? earliest : firstRow;
  useEffect(() => {
    const box = scrollRef.current;
    const cell = startRow ? box?.querySelector<HTMLElement>(`[data-row="${startRow}"]`) : undefined;
    if (box && cell)
      box.scrollTop =
        cell.offsetTop - (box.querySelector<HTMLElement>('.calendar-time-head')?.offsetHeight ?? 0);
  }, [startRow, days.length]);
  const columns = `4.5rem repeat(${days.length}, minmax(0, 1fr))`;
  const cellEntries = (list: CalendarItem[]) =>
    list.map((item) => (
      <CalendarEntry
        key={item.talk.talkId}
        item={item}
        subject={subject}
        showTime={rows !== undefined}
        onChangeDate={onChangeDate}
      />
    ));
  return (
    // Focusable, so that the keyboard scrolls through the hours too.
    <div
      className="calendar-time"
      ref={scrollRef}
      data-rows={rows ? 'hours' : 'day'}
      tabIndex={0}
      role="group"
      aria-label={text.hours}
    >
      <div className="calendar-time-grid" style={{ gridTemplateColumns: columns }}>
        <div className="calendar-time-head calendar-time-corner" />
        {days.map((day) => {
          const iso = toIsoDate(day);
          const weekday = text.weekdaysShort[weekdayOf(day)];
          return (
            <div key={iso} className="calendar-time-head" data-today={iso === today || undefined}>
              {onOpenDay ? (
                <UnstyledButton
                  className="calendar-day-number"
                  onClick={() => onOpenDay(iso)}
                  aria-current={iso === today ? 'date' : undefined}
                >
                  <span aria-hidden="true">
                    {weekday} {day.day}
                  </span>
                  <VisuallyHidden>{dayLabel(day)}</VisuallyHidden>
                </UnstyledButton>
              ) : (
                <span>{periodTitle('day', day)}</span>
              )}
            </div>
          );
        })}
        {rows === undefined ? (
          <>
            <div className="calendar-time-label">{text.allDay}</div>
            {days.map((day) => {
              const iso = toIsoDate(day);
              return (
                <DropCell
                  key={iso}
                  target={{ date: iso }}
                  className="calendar-time-cell calendar-all-day"
                  label={dayLabel(day)}
                >
                  {cellEntries(items.get(iso) ?? [])}
                </DropCell>
              );
            })}
          </>
        ) : (
          rows.map((row) => (
            <div key={row} className="calendar-time-row" style={{ display: 'contents' }}>
              <div className="calendar-time-label" data-row={row}>
                {row}
              </div>
              {days.map((day) => {
                const iso = toIsoDate(day);
                const list = (items.get(iso) ?? []).filter((i) => i.row === row);
                const slot = capacity?.get(`${iso} ${row}`);
                return (
                  <DropCell
                    key={iso}
                    target={{ date: iso, time: row }}
                    className="calendar-time-cell"
                    label={`${dayLabel(day)}, ${row}`}
                  >
                    {slot && (
                      <Text
                        size="xs"
                        className="calendar-capacity"
                        data-full={slot.booked >= slot.capacity || undefined}
                      >
                        {text.capacity(slot.booked, slot.capacity)}
                      </Text>
                    )}
                    {cellEntries(list)}
                  </DropCell>
                );
              })}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
