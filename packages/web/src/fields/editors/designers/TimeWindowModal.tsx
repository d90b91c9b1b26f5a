import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  addDays,
  formatDate,
  parseDate,
  parseIsoDate,
  toIsoDate,
  weekdayOf,
} from '@talkbase/domain/fields/civil-date';
import type { TimeWindowValue } from '@talkbase/domain/fields/time-window';
import { maskDateTime } from '@talkbase/domain/fields/zoned-time';
import { useState } from 'react';
import { fetchAvailability } from './designers-api.ts';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.timeWindow;
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** 'dd/MM/yyyy HH:mm' typed in contingency mode, as a value; undefined until complete and real. */
function parseContingency(input: string): TimeWindowValue | undefined {
  const m = /^(\d{2}\/\d{2}\/\d{4}) ([01]\d|2[0-3]):([0-5]\d)$/.exec(input);
  const day = m?.[1] ? parseDate(m[1]) : undefined;
  if (!m || !day) return undefined;
  return { date: toIsoDate(day), time: `${m[2]}:${m[3]}`, contingency: true };
}

export function contingencyText(value: TimeWindowValue): string {
  const day = parseIsoDate(value.date);
  return day ? `${formatDate(day)} ${value.time}` : '';
}

function dayLabel(date: string): string {
  const day = parseIsoDate(date);
  return day ? `${WEEKDAYS[weekdayOf(day)] ?? ''} ${formatDate(day).slice(0, 5)}` : date;
}

interface TimeWindowModalProps {
  opened: boolean;
  onClose: () => void;
  onSave: (value: TimeWindowValue) => void;
  subject: string;
  attributeId: number;
  talkId: number;
  initial: TimeWindowValue | undefined;
  phone: string | undefined;
  /** §5: the load must be chosen before a window ('Selecionie uma carga antes'). */
  loadMissing: boolean;
}

/**
 * 'Janela de Disponibilidade' (002 §2): the free slots 7 days a page, or a free date and time in
 * contingency mode. Choosing one clears the other; Save waits for one of them.
 */
export function TimeWindowModal(props: TimeWindowModalProps) {
  const [pages, setPages] = useState<string[]>([]);
  const from = pages.at(-1);
  const [contingency, setContingency] = useState(props.initial?.contingency === true);
  const [slot, setSlot] = useState<{ date: string; time: string } | null>(
    props.initial && !props.initial.contingency
      ? { date: props.initial.date, time: props.initial.time }
      : null,
  );
  const [typed, setTyped] = useState(props.initial?.contingency ? contingencyText(props.initial) : '');
  const typedValue = parseContingency(typed);

  const days = useQuery({
    queryKey: ['fields', 'availability', props.subject, props.attributeId, props.talkId, from ?? 'today'],
    queryFn: ({ signal }) =>
      fetchAvailability(
        { subject: props.subject, attributeId: props.attributeId, from, talkId: props.talkId },
        signal,
      ),
    enabled: props.opened && !props.loadMissing && !contingency,
    placeholderData: keepPreviousData,
  });
  const list = days.data ?? [];
  const anyFree = list.some((d) => d.hours.some((h) => h.janelas > 0));
  const firstDay = list[0] ? parseIsoDate(list[0].date) : undefined;

  const chosen: TimeWindowValue | undefined = contingency
    ? typedValue
    : slot
      ? { ...slot, contingency: false }
      : undefined;

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={text.title} size={760}>
      <Stack gap="sm">
        {props.phone && <Text size="sm">{text.contact(props.phone)}</Text>}
        {props.loadMissing ? (
          <Alert color="yellow">{text.chooseLoadFirst}</Alert>
        ) : contingency ? (
          <>
            <Text size="sm">{text.contingencyHint}</Text>
            <TextInput
              label={text.contingencyDate}
              placeholder="dd/mm/aaaa hh:mm"
              value={typed}
              onChange={(e) => {
                setTyped(maskDateTime(e.currentTarget.value));
                setSlot(null);
              }}
            />
            <Group>
              <Button variant="subtle" onClick={() => setContingency(false)}>
                {text.backToSlots}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={pages.length === 0}
                onClick={() => setPages((p) => p.slice(0, -1))}
              >
                {text.previousWeek}
              </Button>
              <Button
                variant="default"
                disabled={!firstDay}
                onClick={() => firstDay && setPages((p) => [...p, toIsoDate(addDays(firstDay, 7))])}
              >
                {text.nextWeek}
              </Button>
            </Group>
            {days.isLoading && (
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm">{text.loading}</Text>
              </Group>
            )}
            {days.isError && <Alert color="red">{text.loadError}</Alert>}
            {days.isSuccess && !anyFree && <Text>{text.noSlots}</Text>}
            {days.isSuccess && anyFree && (
              <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="xs">
                {list.map((d) => (
                  <Stack key={d.id} gap={4} role="group" aria-label={dayLabel(d.date)}>
                    <Text size="sm" fw={600} ta="center">
                      {dayLabel(d.date)}
                    </Text>
                    {d.hours.map((h) => {
                      const selected = slot?.date === d.date && slot.time === h.horario;
                      return (
                        <Button
                          key={h.horario}
                          size="xs"
                          variant={selected ? 'filled' : 'light'}
                          aria-pressed={selected}
                          disabled={h.janelas <= 0}
                          title={h.janelas > 0 ? text.places(h.janelas) : text.full}
                          aria-label={text.slot(dayLabel(d.date), h.horario)}
                          onClick={() => {
                            setSlot({ date: d.date, time: h.horario });
                            setTyped('');
                          }}
                        >
                          {h.horario}
                        </Button>
                      );
                    })}
                  </Stack>
                ))}
              </SimpleGrid>
            )}
            <Group>
              <Button variant="subtle" onClick={() => setContingency(true)}>
                {text.contingency}
              </Button>
            </Group>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {text.cancel}
          </Button>
          <Button disabled={!chosen || props.loadMissing} onClick={() => chosen && props.onSave(chosen)}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
