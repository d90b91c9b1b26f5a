import {
  Alert,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { configValue } from '@talkbase/domain/fields/component-config';
import { offeredTimes, timeWindowConfig } from '@talkbase/domain/fields/time-window';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';

const text = subjectDesignerText.attribute;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The settings of a time window (component 28): the contact phone and the load attribute the
 * editor reads, and the slots the server offers and holds (domain fields/time-window.ts): opening
 * and closing time, slot length, capacity, weekdays and holidays. Unset keys show the defaults
 * the server applies (07:00–17:00, 60 minutes, 1 place, Monday to Friday, closed on holidays), and
 * the slots they give are listed as they are set.
 */
export function TimeWindowSettings(props: {
  configs: Record<string, unknown>;
  setConfig: (key: string, value: unknown) => void;
}) {
  const { configs, setConfig } = props;
  const config = timeWindowConfig(configs);
  const textOf = (key: string) => {
    const v = configValue(configs, key);
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const numberOf = (key: string) => {
    const v = configValue(configs, key);
    return typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : '';
  };
  const times = offeredTimes(config);
  // An emptied list is shown empty (the server then offers its default days, as the error says).
  const rawWeekdays = configValue(configs, 'weekdays');
  const noWeekdays = Array.isArray(rawWeekdays) && rawWeekdays.length === 0;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={text.phone}
          description={text.phoneHelp}
          value={textOf('phone')}
          maxLength={200}
          onChange={(e) => setConfig('phone', e.currentTarget.value)}
        />
        <TextInput
          label={text.loadAttribute}
          value={textOf('loadAttribute')}
          maxLength={200}
          onChange={(e) => setConfig('loadAttribute', e.currentTarget.value)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="time"
          label={text.openingTime}
          description={text.openingHelp}
          value={textOf('openingTime') || clock(config.opening)}
          onChange={(e) => setConfig('openingTime', e.currentTarget.value)}
        />
        <TextInput
          type="time"
          label={text.closingTime}
          description={text.closingHelp}
          value={textOf('closingTime') || clock(config.closing)}
          onChange={(e) => setConfig('closingTime', e.currentTarget.value)}
        />
        <NumberInput
          label={text.slotMinutes}
          description={text.slotMinutesHelp}
          value={numberOf('slotMinutes')}
          placeholder={String(config.slotMinutes)}
          min={5}
          max={720}
          allowDecimal={false}
          onChange={(v) => setConfig('slotMinutes', v === '' ? null : Number(v))}
        />
        <NumberInput
          label={text.capacity}
          description={text.capacityHelp}
          value={numberOf('capacity')}
          placeholder={String(config.capacity)}
          min={1}
          allowDecimal={false}
          onChange={(v) => setConfig('capacity', v === '' ? null : Number(v))}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={text.weekdays}
        value={noWeekdays ? [] : config.weekdays.map(String)}
        onChange={(v) =>
          setConfig(
            'weekdays',
            v.map(Number).sort((a, b) => a - b),
          )
        }
        error={noWeekdays ? text.noWeekdays : undefined}
      >
        <Group gap="md" mt={4}>
          {text.weekdayNames.map((name, i) => (
            <Checkbox key={name} value={String(i + 1)} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <Switch
        label={text.closedOnHolidays}
        checked={config.closedOnHolidays}
        onChange={(e) => setConfig('holidays', e.currentTarget.checked)}
      />
      {times.length > 0 ? (
        <Text size="sm" c="dimmed">
          {text.offeredTimes(times.join(', '), config.capacity)}
        </Text>
      ) : (
        <Alert color="yellow">{text.noOfferedTimes}</Alert>
      )}
    </Stack>
  );
}
