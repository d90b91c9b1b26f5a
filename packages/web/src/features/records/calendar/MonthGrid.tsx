import { ActionIcon, Button, UnstyledButton } from '@mantine/core';
import { toIsoDate, type CivilDate } from '@talkbase/domain/fields/civil-date';
import { calendarText } from '../../../i18n/calendar.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { dayLabel } from './calendar-dates.ts';
import type { CalendarItem } from './calendar-items.ts';
import { CalendarEntry, DropCell } from './CalendarEntry.tsx';

const text = calendarText;

/** Entries a day shows before "+N mais" (which opens the day). */
const SHOWN_PER_DAY = 3;

/** The month: whole weeks, Sunday first; a day's number opens the day. */
export function MonthGrid({
  days,
  month,
  today,
  items,
  subject,
  showTime,
  onOpenDay,
  onChangeDate,
  onNew,
}: {
  days: CivilDate[];
  month: number;
  today: string;
  items: Map<string, CalendarItem[]>;
  subject: string;
  showTime: boolean;
  onOpenDay: (date: string) => void;
  onChangeDate: (item: CalendarItem) => void;
  /** A day's "+" (a new record on that day); undefined when the account may not create one. */
  onNew: ((date: string) => void) | undefined;
}) {
  return (
    <div className="calendar-month">
      <div className="calendar-weekdays" aria-hidden="true">
        {text.weekdaysShort.map((w) => (
          <div key={w}>{w}</div>
        ))}
      </div>
      <div className="calendar-month-grid">
        {days.map((day) => {
          const iso = toIsoDate(day);
          const list = items.get(iso) ?? [];
          // "+1 mais" would take the place of the entry it hides: a day one over shows them all.
          const shown = list.length > SHOWN_PER_DAY + 1 ? list.slice(0, SHOWN_PER_DAY) : list;
          const hidden = list.length - shown.length;
          const label = dayLabel(day);
          const classes = [
            'calendar-day',
            day.month !== month ? 'calendar-day-outside' : '',
            iso === today ? 'calendar-day-today' : '',
          ].join(' ');
          return (
            <DropCell
              key={iso}
              target={{ date: iso }}
              className={classes}
              label={list.length > 0 ? `${label}, ${text.entries(list.length)}` : label}
            >
              <div className="calendar-day-head">
                <UnstyledButton
                  className="calendar-day-number"
                  onClick={() => onOpenDay(iso)}
                  aria-label={label}
                  aria-current={iso === today ? 'date' : undefined}
                >
                  {day.day}
                </UnstyledButton>
                {onNew && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="xs"
                    className="calendar-day-new"
                    aria-label={text.newOn(label)}
                    onClick={() => onNew(iso)}
                  >
                    <Icon name="add" size="1em" />
                  </ActionIcon>
                )}
              </div>
              <div className="calendar-day-entries">
                {shown.map((item) => (
                  <CalendarEntry
                    key={item.talk.talkId}
                    item={item}
                    subject={subject}
                    showTime={showTime}
                    onChangeDate={onChangeDate}
                  />
                ))}
                {hidden > 0 && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    className="calendar-more"
                    onClick={() => onOpenDay(iso)}
                    aria-label={text.moreLabel(hidden, label)}
                  >
                    {text.more(hidden)}
                  </Button>
                )}
              </div>
            </DropCell>
          );
        })}
      </div>
    </div>
  );
}
