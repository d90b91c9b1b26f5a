import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Menu } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { calendarText } from '../../../i18n/calendar.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { contextPath } from '../context-route.ts';
import type { DropTarget } from './calendar-dates.ts';
import type { CalendarItem } from './calendar-items.ts';

const text = calendarText;

const colorStyle = (item: CalendarItem): CSSProperties =>
  ({ '--calendar-entry-color': item.color?.color ?? 'var(--mantine-color-gray-5)' }) as CSSProperties;

/** What an entry says: its time (when it has one) and the record's name. */
function EntryText({ item, showTime }: { item: CalendarItem; showTime: boolean }) {
  return (
    <>
      {showTime && item.placement.time ? (
        <span className="calendar-entry-time">{item.placement.time}</span>
      ) : null}
      <span className="calendar-entry-name">{item.talk.displayName || `#${item.talk.talkId}`}</span>
    </>
  );
}

/**
 * One record on the calendar: a link to the record, dragged by the pointer to another day or
 * time; its menu opens the record or changes its date from the keyboard ("Mudar data…").
 */
export function CalendarEntry({
  item,
  subject,
  showTime,
  onChangeDate,
}: {
  item: CalendarItem;
  subject: string;
  showTime: boolean;
  onChangeDate: (item: CalendarItem) => void;
}) {
  const { talk } = item;
  const { listeners, setNodeRef, isDragging } = useDraggable({
    id: `talk:${talk.talkId}`,
    data: { item },
    disabled: !item.movable,
  });
  const name = talk.displayName || `#${talk.talkId}`;
  const to = contextPath('talk', subject, { talkId: talk.talkId });
  return (
    <div
      ref={setNodeRef}
      className="calendar-entry"
      data-dragging={isDragging || undefined}
      data-movable={item.movable || undefined}
      data-talk-id={talk.talkId}
      style={colorStyle(item)}
      {...listeners}
    >
      <Link
        to={to}
        className="calendar-entry-link"
        draggable={false}
        title={item.color ? `${name} · ${item.color.label}` : name}
      >
        <EntryText item={item} showTime={showTime} />
      </Link>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="xs" aria-label={text.entryMenu(name)}>
            <Icon name="more_vert" size="1em" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={to} leftSection={<Icon name="open_in_new" size="1em" />}>
            {text.open}
          </Menu.Item>
          {item.movable && (
            <Menu.Item leftSection={<Icon name="event" size="1em" />} onClick={() => onChangeDate(item)}>
              {text.changeDate}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

/** The copy of an entry that follows the pointer while it is dragged. */
export function DraggedEntry({ item, showTime }: { item: CalendarItem; showTime: boolean }) {
  return (
    <div className="calendar-entry calendar-entry-dragged" style={colorStyle(item)}>
      <span className="calendar-entry-link">
        <EntryText item={item} showTime={showTime} />
      </span>
    </div>
  );
}

/** A day or a time row of a day where entries may be dropped. */
export function DropCell({
  target,
  className,
  label,
  children,
}: {
  target: DropTarget;
  className: string;
  label: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `${target.date}${target.time ? `T${target.time}` : ''}`,
    data: { target },
  });
  return (
    <div
      ref={setNodeRef}
      className={className}
      data-over={isOver || undefined}
      data-date={target.date}
      data-time={target.time}
      role="group"
      aria-label={label}
    >
      {children}
    </div>
  );
}
