import {
  Alert,
  Checkbox,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { message } from '@talkbase/domain/fields/messages';
import {
  buildScheduleCron,
  clampHour,
  clampInterval,
  clampMinute,
  INTERVAL_HOURS,
  INTERVAL_MINUTES,
  intervalUnitLabel,
  parseScheduleCron,
  PERIOD_INTERVAL,
  PERIOD_SPECIFIC_TIME,
  SCHEDULE_MONTHLY,
  SCHEDULE_WEEKLY,
  scheduleWarnings,
  validateSchedule,
  type IntervalType,
  type ScheduleSettings,
} from '@talkbase/domain/fields/schedule';
import { useState } from 'react';
import type { FieldEditorProps } from '../../types.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

const text = fieldsStructuredText.schedule;

const DEFAULTS: ScheduleSettings = {
  frequency: SCHEDULE_WEEKLY,
  period: PERIOD_SPECIFIC_TIME,
  weekdays: [],
  monthDays: [],
  hour: 0,
  minute: 0,
  intervalNumber: 1,
  intervalType: INTERVAL_HOURS,
};

const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** The settings a stored value describes; `unreadable` when it is not a schedule this editor makes. */
function settingsOf(value: unknown): { settings: ScheduleSettings; unreadable: boolean } {
  if (typeof value !== 'string' || value.trim() === '') return { settings: DEFAULTS, unreadable: false };
  const parsed = parseScheduleCron(value);
  return parsed ? { settings: parsed, unreadable: false } : { settings: DEFAULTS, unreadable: true };
}

/** A number box's text: '' while the user clears it to type another number. */
type NumberText = number | '';

/**
 * Component 18: the frequency editor. Weekly (days of the week, 1 = Sunday … 7 = Saturday) or
 * monthly (days 1–31); at a specific time or every N hours or minutes. Every change rebuilds the
 * 7-field cron string (domain schedule.ts) and emits it; with no day chosen there is no string,
 * and the spec's message is shown and reported.
 */
export function ScheduleEditor(props: FieldEditorProps) {
  const { value, onChange, onInputError, readOnly, label, id, error, required, variant } = props;
  const [initial] = useState(() => settingsOf(value));
  const [settings, setSettings] = useState<ScheduleSettings>(initial.settings);
  const [hourText, setHourText] = useState<NumberText>(initial.settings.hour);
  const [minuteText, setMinuteText] = useState<NumberText>(initial.settings.minute);
  const [intervalText, setIntervalText] = useState<NumberText>(initial.settings.intervalNumber);
  const [touched, setTouched] = useState(false);
  const [emitted, setEmitted] = useState<unknown>(value);
  const [seen, setSeen] = useState<unknown>(value);
  if (seen !== value) {
    // A value from outside (another record, a reset) replaces what is on screen.
    setSeen(value);
    if (value !== emitted) {
      const next = settingsOf(value).settings;
      setEmitted(value);
      setSettings(next);
      setHourText(next.hour);
      setMinuteText(next.minute);
      setIntervalText(next.intervalNumber);
      setTouched(false);
    }
  }

  const update = (patch: Partial<ScheduleSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    setTouched(true);
    const problem = validateSchedule(next)[0]?.message;
    onInputError?.(problem);
    const cron = buildScheduleCron(next);
    if (cron !== emitted) {
      setEmitted(cron);
      onChange(cron);
    }
  };

  const problem = touched ? validateSchedule(settings)[0]?.message : undefined;
  const warnings = scheduleWarnings(settings);
  const weekly = settings.frequency === SCHEDULE_WEEKLY;
  const cell = variant === 'cell';
  const intervalNumber = settings.intervalNumber;

  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={cell ? undefined : label}
      required={required}
      error={error}
      description={cell ? undefined : (props.attribute.description ?? undefined)}
    >
      <Stack id={id} gap="xs" role="group" aria-label={label}>
        {initial.unreadable && !touched && (
          <Text size="sm" c="dimmed">
            {text.unreadable}
          </Text>
        )}
        <div role="radiogroup" aria-label={text.frequency}>
          <SegmentedControl
            data={[
              { value: String(SCHEDULE_WEEKLY), label: message('scheduleWeekly') },
              { value: String(SCHEDULE_MONTHLY), label: message('scheduleMonthly') },
            ]}
            value={String(settings.frequency)}
            onChange={(v) =>
              update({ frequency: Number(v) === SCHEDULE_MONTHLY ? SCHEDULE_MONTHLY : SCHEDULE_WEEKLY })
            }
            readOnly={readOnly}
          />
        </div>
        {weekly ? (
          <Checkbox.Group
            label={text.weekdays}
            value={settings.weekdays.map(String)}
            onChange={(days) => update({ weekdays: days.map(Number) })}
            error={problem}
            readOnly={readOnly}
          >
            <Group gap="sm" mt={4}>
              {text.weekdayNames.map((name, i) => (
                <Checkbox key={name} value={String(i + 1)} label={name} disabled={readOnly} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <Checkbox.Group
            label={text.monthDays}
            value={settings.monthDays.map(String)}
            onChange={(days) => update({ monthDays: days.map(Number) })}
            error={problem}
            readOnly={readOnly}
          >
            <SimpleGrid cols={7} spacing={4} verticalSpacing={4} mt={4}>
              {MONTH_DAYS.map((day) => (
                <Checkbox key={day} value={String(day)} label={String(day)} disabled={readOnly} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
        {warnings.map((warning) => (
          <Alert key={warning} color="yellow" variant="light" p="xs">
            {warning}
          </Alert>
        ))}
        <div role="radiogroup" aria-label={text.period}>
          <SegmentedControl
            data={[
              { value: String(PERIOD_SPECIFIC_TIME), label: message('schedulePeriodSpecificTime') },
              { value: String(PERIOD_INTERVAL), label: message('schedulePeriodInterval') },
            ]}
            value={String(settings.period)}
            onChange={(v) =>
              update({ period: Number(v) === PERIOD_INTERVAL ? PERIOD_INTERVAL : PERIOD_SPECIFIC_TIME })
            }
            readOnly={readOnly}
          />
        </div>
        {settings.period === PERIOD_SPECIFIC_TIME ? (
          <Group gap="xs" align="flex-end">
            <NumberInput
              label={text.hour}
              value={hourText}
              min={0}
              max={23}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              onChange={(v) => {
                const hour = v === '' ? 0 : clampHour(Number(v));
                setHourText(v === '' ? '' : hour);
                update({ hour });
              }}
              readOnly={readOnly}
              w={90}
            />
            <NumberInput
              label={text.minute}
              value={minuteText}
              min={0}
              max={59}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              onChange={(v) => {
                const minute = v === '' ? 0 : clampMinute(Number(v));
                setMinuteText(v === '' ? '' : minute);
                update({ minute });
              }}
              readOnly={readOnly}
              w={90}
            />
          </Group>
        ) : (
          <Group gap="xs" align="flex-end">
            <NumberInput
              label={text.every}
              value={intervalText}
              min={1}
              max={settings.intervalType === INTERVAL_HOURS ? 23 : 59}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              onChange={(v) => {
                const n = v === '' ? 1 : clampInterval(Number(v), settings.intervalType);
                setIntervalText(v === '' ? '' : n);
                update({ intervalNumber: n });
              }}
              onBlur={() => setIntervalText(intervalNumber)}
              readOnly={readOnly}
              w={90}
            />
            <Select<IntervalType>
              label={text.unit}
              data={[
                { value: INTERVAL_HOURS, label: intervalUnitLabel(INTERVAL_HOURS, intervalNumber) },
                { value: INTERVAL_MINUTES, label: intervalUnitLabel(INTERVAL_MINUTES, intervalNumber) },
              ]}
              value={settings.intervalType}
              onChange={(type) => {
                if (type === null) return;
                const n = clampInterval(intervalNumber, type);
                setIntervalText(n);
                update({ intervalType: type, intervalNumber: n });
              }}
              allowDeselect={false}
              readOnly={readOnly}
              w={130}
            />
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
