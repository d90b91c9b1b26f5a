import { Button, Group, Input, Modal, Text } from '@mantine/core';
import { formatDate, parseIsoDate } from '@talkbase/domain/fields/civil-date';
import { configValue } from '@talkbase/domain/fields/component-config';
import {
  isOfferedBooking,
  needsDocumentsNotice,
  readTimeWindow,
  timeWindowConfig,
  type TimeWindowValue,
} from '@talkbase/domain/fields/time-window';
import { useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { TimeWindowModal } from './TimeWindowModal.tsx';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.timeWindow;

function describe(value: TimeWindowValue | undefined): string {
  if (!value) return text.empty;
  const day = parseIsoDate(value.date);
  const when = day ? text.slot(formatDate(day), value.time) : '';
  return value.contingency ? text.contingencyValue(when) : when;
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Time window, component 28 (002 §2, §5): shows the chosen window and opens 'Janela de
 * Disponibilidade' to choose one. Emits `{date, time, contingency}` (domain fields/time-window.ts).
 * Configs: `phone` (the contact shown), `loadAttribute` (the record's field naming the load, which
 * must be filled first) and the slot settings the server reads (openingTime, closingTime,
 * slotMinutes, capacity, weekdays, holidays).
 */
export function TimeWindowEditor(props: FieldEditorProps) {
  const { attribute, label, id, readOnly, required, onChange } = props;
  const value = readTimeWindow(props.value);
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  const configs = attribute.componentConfigs;
  const phone = configValue(configs, 'phone');
  const loadAttribute = configValue(configs, 'loadAttribute');
  const loadMissing =
    typeof loadAttribute === 'string' && loadAttribute !== '' && isEmpty(props.valueOf?.(loadAttribute));
  const cell = props.variant === 'cell';

  return (
    <Input.Wrapper
      labelElement="div"
      label={cell ? undefined : label}
      required={required}
      error={props.error ?? refused}
    >
      <Group gap="xs" wrap="nowrap" id={id} role="group" aria-label={label}>
        <Text size="sm">{describe(value)}</Text>
        {!readOnly && (
          <Button
            size="xs"
            variant="light"
            leftSection={<Icon name="event_available" size={18} />}
            onClick={() => setOpened(true)}
          >
            {text.open}
          </Button>
        )}
        {!readOnly && !required && value && (
          <Button size="xs" variant="subtle" onClick={() => onChange(null)}>
            {text.clear}
          </Button>
        )}
      </Group>
      {opened && (
        <TimeWindowModal
          opened
          onClose={() => setOpened(false)}
          subject={props.subject}
          attributeId={attribute.subjectAttributeId}
          talkId={props.talkId}
          initial={value}
          phone={typeof phone === 'string' && phone ? phone : undefined}
          loadMissing={loadMissing}
          onSave={(next) => {
            // The check the server makes of a new booking (modules/bookings): a slot the
            // attribute offers; contingency dates are free.
            if (!isOfferedBooking(timeWindowConfig(configs), next)) {
              setRefused(text.noSlots);
              setOpened(false);
              return;
            }
            setRefused(undefined);
            onChange(next);
            setOpened(false);
            if (!next.contingency && needsDocumentsNotice(next)) setNotice(true);
          }}
        />
      )}
      <Modal opened={notice} onClose={() => setNotice(false)} title={text.noticeTitle} size={480}>
        <Text>{text.notice}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setNotice(false)}>{text.noticeOk}</Button>
        </Group>
      </Modal>
    </Input.Wrapper>
  );
}
