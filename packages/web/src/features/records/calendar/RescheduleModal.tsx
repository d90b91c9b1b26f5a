import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { parseIsoDate } from '@talkbase/domain/fields/civil-date';
import { calendarText } from '../../../i18n/calendar.ts';
import type { DropTarget } from './calendar-dates.ts';
import type { CalendarItem } from './calendar-items.ts';

const text = calendarText;

/** "Mudar data…": the keyboard's way to move an entry (the pointer drags it). */
export function RescheduleModal({
  item,
  withTime,
  onClose,
  onMove,
}: {
  item: CalendarItem | null;
  withTime: boolean;
  onClose: () => void;
  onMove: (item: CalendarItem, target: DropTarget) => void;
}) {
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': text.close }}
      title={item ? text.changeDateTitle(item.talk.displayName || `#${item.talk.talkId}`) : ''}
    >
      {item && (
        <RescheduleForm
          key={item.talk.talkId}
          item={item}
          withTime={withTime}
          onClose={onClose}
          onMove={onMove}
        />
      )}
    </Modal>
  );
}

function RescheduleForm({
  item,
  withTime,
  onClose,
  onMove,
}: {
  item: CalendarItem;
  withTime: boolean;
  onClose: () => void;
  onMove: (item: CalendarItem, target: DropTarget) => void;
}) {
  const [date, setDate] = useState(item.placement.date);
  const [time, setTime] = useState(item.placement.time ?? '');
  const valid = parseIsoDate(date) !== undefined && (!withTime || /^([01]\d|2[0-3]):[0-5]\d$/.test(time));
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!valid) return;
    onMove(item, withTime ? { date, time, exact: true } : { date });
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" grow>
        <TextInput
          type="date"
          label={text.newDate}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          required
          data-autofocus
        />
        {withTime && (
          <TextInput
            type="time"
            label={text.newTime}
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            required
          />
        )}
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={!valid}>
          {text.save}
        </Button>
      </Group>
    </form>
  );
}
