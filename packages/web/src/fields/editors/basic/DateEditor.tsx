import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDate, maskDate, parseDate, parseIsoDate, toIsoDate } from '@talkbase/domain/fields/civil-date';
import { readDateTimeValue, readDateValue } from '@talkbase/domain/fields/date-fields';
import { attributeName } from '@talkbase/domain/fields/field-rule';
import { message } from '@talkbase/domain/fields/messages';
import {
  civilDateIn,
  DEFAULT_TIME_ZONE,
  formatDateTime,
  maskDateTime,
  parseDateTime,
} from '@talkbase/domain/fields/zoned-time';
import { useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import { PtBrDates } from '../../dates.ts';
import type { FieldEditorProps } from '../../types.ts';
import { pickerLimits } from './date-picker-limits.ts';
import { inputChrome } from './FieldLabel.tsx';
import { useMaskedText, type TextCodec } from './useMaskedText.ts';
import { fieldsText } from '../../../i18n/fields.ts';

/**
 * Dates are typed and shown in the company's zone (GUIDE §4). The web app has no company setting
 * yet, so it is the default zone, America/Sao_Paulo, the same the server's rules use by default.
 */
const TIME_ZONE = DEFAULT_TIME_ZONE;

const DATE_LENGTH = 'dd/MM/yyyy'.length;
const DATE_TIME_LENGTH = 'dd/MM/yyyy HH:mm'.length;

function dateCodec(name: string): TextCodec {
  return {
    show: (value) => {
      const date = readDateValue(value, TIME_ZONE);
      return date ? formatDate(date) : '';
    },
    mask: maskDate,
    read: (text) => {
      const date = parseDate(text);
      if (date) return { value: toIsoDate(date) };
      return { error: message('dateInvalid', { name }), complete: text.length === DATE_LENGTH };
    },
  };
}

function dateTimeCodec(name: string): TextCodec {
  return {
    show: (value) => {
      const instant = readDateTimeValue(value, TIME_ZONE);
      return instant ? formatDateTime(instant, TIME_ZONE) : '';
    },
    mask: maskDateTime,
    read: (text) => {
      const instant = parseDateTime(text, TIME_ZONE);
      if (instant) return { value: instant.toISOString() };
      return { error: message('dateTimeInvalid', { name }), complete: text.length === DATE_TIME_LENGTH };
    },
  };
}

/** The day of the editor's text as 'YYYY-MM-DD' (the calendar's value), or null. */
function dayOf(text: string): string | null {
  const date = parseDate(text.slice(0, DATE_LENGTH));
  return date ? toIsoDate(date) : null;
}

/**
 * Date (32) and date-time (11): typed through the mask dd/MM/yyyy (HH:mm for 11), or picked on a
 * pt-BR calendar whose week starts on Sunday (PtBrDates). The calendar does not
 * offer the days the attribute's date rules refuse; the rule messages themselves are
 * validateValue's, shown by the screen through `error`. Emits 'YYYY-MM-DD' (32) or an ISO instant
 * read in the company's zone (11).
 */
export function DateEditor(props: FieldEditorProps) {
  const withTime = props.attribute.componentId === 11;
  const name = attributeName(props.attribute);
  const field = useMaskedText(props, withTime ? dateTimeCodec(name) : dateCodec(name));
  const [opened, setOpened] = useState(false);
  const [now] = useState(() => new Date());
  const limits = pickerLimits(props.attribute.componentConfigs, now, TIME_ZONE);
  const today = civilDateIn(now, TIME_ZONE);
  const selected = dayOf(field.text);

  const pick = (isoDate: string | null) => {
    const day = isoDate ? parseIsoDate(isoDate) : undefined;
    if (!day) return;
    const time = withTime ? (/^\d{2}:\d{2}$/.exec(field.text.slice(DATE_LENGTH + 1))?.[0] ?? '00:00') : '';
    field.type(withTime ? `${formatDate(day)} ${time}` : formatDate(day));
    setOpened(false);
  };

  const calendar = props.readOnly ? undefined : (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          aria-label={fieldsText.openCalendar}
          onClick={() => setOpened((o) => !o)}
        >
          <Icon name={withTime ? 'schedule' : 'calendar_month'} size="1.2em" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <PtBrDates>
          <DatePicker
            value={selected}
            defaultDate={selected ?? (today ? toIsoDate(today) : undefined)}
            onChange={pick}
            minDate={limits.minDate}
            maxDate={limits.maxDate}
            excludeDate={limits.excludeDate}
            getDayAriaLabel={(isoDate) => {
              const day = parseIsoDate(isoDate);
              return day ? formatDate(day) : isoDate;
            }}
          />
        </PtBrDates>
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      {...inputChrome(props, field.error)}
      inputMode="numeric"
      placeholder={withTime ? 'dd/mm/aaaa hh:mm' : 'dd/mm/aaaa'}
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      rightSection={calendar}
    />
  );
}
