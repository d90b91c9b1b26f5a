import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Text,
  Title,
} from '@mantine/core';
import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { offeredTimes, timeWindowConfig } from '@talkbase/domain/fields/time-window';
import { civilDateIn, DEFAULT_TIME_ZONE } from '@talkbase/domain/fields/zoned-time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { calendarText } from '../../../i18n/calendar.ts';
import { DeferredDialog } from '../../../ui/DeferredDialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { loadFormRules } from '../slots.ts';
import type { ContextRoute } from '../context-route.ts';
import { useSavedView } from '../views/useSavedView.ts';
import { calendarAttributes, chosenAttribute } from '../views/view-attributes.ts';
import { fetchAvailability } from './calendar-api.ts';
import { COLOR_TAGS, colorAttributes } from './calendar-colors.ts';
import {
  calendarKindOf,
  CALENDAR_MODES,
  HOUR_ROWS,
  parseAnchor,
  parseMode,
  periodDays,
  periodTitle,
  presetValue,
  shiftAnchor,
  type CalendarMode,
  type DropTarget,
} from './calendar-dates.ts';
import { itemsByDay, legendOf, type CalendarItem } from './calendar-items.ts';
import { DraggedEntry } from './CalendarEntry.tsx';
import { MonthGrid } from './MonthGrid.tsx';
import { RescheduleModal } from './RescheduleModal.tsx';
import { TimeGrid, type SlotCapacity } from './TimeGrid.tsx';
import { useCalendarEntries } from './useCalendarEntries.ts';
import { useMoveEntry } from './useMoveEntry.ts';
import './calendar.css';

const text = calendarText;

// The new-record form of a day's "+" loads when first opened, as the grid's and the board's.
const RecordFormModal = lazy(() =>
  Promise.all([import('../grid/RecordFormModal.tsx'), loadFormRules()]).then(([m]) => ({
    default: m.RecordFormModal,
  })),
);
/** Dates are the company's wall clock (GUIDE §4), as the grid shows them. */
const TIME_ZONE = DEFAULT_TIME_ZONE;
const NO_COLOR = 'none';

/**
 * The calendar scenario (issue 38 item 3): a subject's records placed by a date, date-time or time
 * window attribute (`by`) over a month, week or day (`mode`, `date` in the URL), coloured by a
 * single select or by tag, moved by dragging or by their menu.
 */
export function CalendarView({ context, route }: { context: ContextResponse; route: ContextRoute }) {
  const subject = context.subject.subjectIdentifier;
  const candidates = calendarAttributes(context);
  const saved = useSavedView(subject);
  const savedKind = saved.view?.view;
  // The last view of the subject is remembered for the account (issue 38 item 5).
  useEffect(() => {
    if (savedKind !== undefined && savedKind !== 'calendar') saved.save({ view: 'calendar' });
  }, [savedKind, saved]);
  const attribute = chosenAttribute(candidates, route.by ?? saved.view?.calendarBy ?? undefined);
  if (!attribute)
    return (
      <Alert color="gray" role="status">
        {text.noAttribute}
      </Alert>
    );
  return (
    <Calendar
      key={attribute.subjectAttributeId}
      context={context}
      route={route}
      attribute={attribute}
      candidates={candidates}
      onAttribute={(identifier) => saved.save({ view: 'calendar', calendarBy: identifier })}
    />
  );
}

function Calendar({
  context,
  route,
  attribute,
  candidates,
  onAttribute,
}: {
  context: ContextResponse;
  route: ContextRoute;
  attribute: ContextSubjectAttribute;
  candidates: ContextSubjectAttribute[];
  onAttribute: (identifier: string) => void;
}) {
  const subject = context.subject.subjectIdentifier;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const setParams = (changes: Record<string, string>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  const todayDate = civilDateIn(new Date(), TIME_ZONE) ?? { year: 2000, month: 1, day: 1 };
  const today = toIsoDate(todayDate);
  const mode = parseMode(search.get('mode'));
  const anchor = parseAnchor(search.get('date'), todayDate);
  const anchorIso = toIsoDate(anchor);
  const days = periodDays(mode, anchor);
  const kind = calendarKindOf(attribute.componentId);

  const colorCandidates = colorAttributes(context);
  const colorParam = search.get('color');
  const colorBy =
    colorParam === null
      ? (colorCandidates[0]?.subjectAttributeIdentifier ?? '')
      : colorParam === COLOR_TAGS || colorCandidates.some((a) => a.subjectAttributeIdentifier === colorParam)
        ? colorParam
        : '';

  const { query, queryKey } = useCalendarEntries({
    subject,
    route,
    attribute,
    kind,
    days,
    timeZone: TIME_ZONE,
    colorByTags: colorBy === COLOR_TAGS,
  });
  const move = useMoveEntry({ subject, attribute, kind, timeZone: TIME_ZONE, queryKey });
  const canUpdate = context.subject.actions.Update && attribute.actions.update;
  // A time window's booking is chosen among its free slots in the form: no "+" presets one.
  const canCreate = context.subject.actions.Create && attribute.actions.create && kind !== 'window';
  const [creating, setCreating] = useState<string | null>(null);

  const items = itemsByDay(query.data?.itens ?? [], {
    attributeId: attribute.subjectAttributeId,
    kind,
    timeZone: TIME_ZONE,
    colorBy,
    canUpdate,
    noValue: text.noValue,
    noTag: text.noTag,
  });
  const visible = days.map((d) => items.get(toIsoDate(d)) ?? []);
  const shownCount = visible.reduce((n, list) => n + list.length, 0);
  const legend = legendOf(visible);

  // A time window's slots, and how many places each has taken (week and day views).
  const windowConfig = kind === 'window' ? timeWindowConfig(attribute.componentConfigs) : undefined;
  const availability = useQuery({
    queryKey: [
      'availability',
      subject,
      attribute.subjectAttributeId,
      toIsoDate(days[0] ?? anchor),
      days.length,
    ],
    queryFn: ({ signal }) =>
      fetchAvailability(
        subject,
        attribute.subjectAttributeId,
        toIsoDate(days[0] ?? anchor),
        days.length,
        signal,
      ),
    enabled: kind === 'window' && mode !== 'month',
    staleTime: 10_000,
  });
  let capacity: SlotCapacity | undefined;
  if (windowConfig && availability.data) {
    capacity = new Map();
    for (const day of availability.data)
      for (const hour of day.hours)
        capacity.set(`${day.date} ${hour.horario}`, {
          booked: Math.max(0, windowConfig.capacity - hour.janelas),
          capacity: windowConfig.capacity,
        });
  }
  let rows: readonly string[] | undefined;
  if (kind === 'datetime') rows = HOUR_ROWS;
  else if (kind === 'window') {
    const set = new Set(windowConfig ? offeredTimes(windowConfig) : []);
    for (const list of visible) for (const item of list) if (item.row) set.add(item.row);
    rows = [...set].sort();
  }

  // Moving entries: the pointer drags (a few pixels first, so a click still opens the record).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragged, setDragged] = useState<CalendarItem | null>(null);
  const [rescheduling, setRescheduling] = useState<CalendarItem | null>(null);
  const onDragStart = (e: DragStartEvent) =>
    setDragged((e.active.data.current as { item?: CalendarItem } | undefined)?.item ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const item = (e.active.data.current as { item?: CalendarItem } | undefined)?.item;
    const target = (e.over?.data.current as { target?: DropTarget } | undefined)?.target;
    if (item && target) void move(item.talk, target);
  };

  const openDay = (date: string) => setParams({ mode: 'day', date });
  const goTo = (next: { mode?: CalendarMode; date?: string }) =>
    setParams({ mode: next.mode ?? mode, date: next.date ?? anchorIso });

  const toolbar = (
    <Group justify="space-between" wrap="wrap" gap="sm" className="calendar-toolbar">
      <Group gap="xs" wrap="wrap">
        <Button variant="default" size="xs" onClick={() => goTo({ date: today })}>
          {text.today}
        </Button>
        <ActionIcon
          variant="default"
          aria-label={text.previous}
          onClick={() => goTo({ date: toIsoDate(shiftAnchor(mode, anchor, -1)) })}
        >
          <Icon name="chevron_left" />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={text.next}
          onClick={() => goTo({ date: toIsoDate(shiftAnchor(mode, anchor, 1)) })}
        >
          <Icon name="chevron_right" />
        </ActionIcon>
        <Title order={2} size="h4" className="calendar-period" aria-live="polite">
          {periodTitle(mode, anchor)}
        </Title>
        {query.isFetching && !query.isPending ? <Loader size="xs" aria-label={text.loading} /> : null}
      </Group>
      <Group gap="xs" wrap="wrap" align="flex-end">
        {candidates.length > 1 && (
          <Select
            size="xs"
            label={text.by}
            data={candidates.map((a) => ({
              value: a.subjectAttributeIdentifier,
              label: a.subjectAttributeName,
            }))}
            value={attribute.subjectAttributeIdentifier}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              onAttribute(value);
              setParams({ by: value });
            }}
            w={180}
          />
        )}
        <Select
          size="xs"
          label={text.colorBy}
          data={[
            { value: NO_COLOR, label: text.colorNone },
            ...colorCandidates.map((a) => ({
              value: a.subjectAttributeIdentifier,
              label: a.subjectAttributeName,
            })),
            { value: COLOR_TAGS, label: text.colorTags },
          ]}
          value={colorBy || NO_COLOR}
          allowDeselect={false}
          onChange={(value) => setParams({ color: value ?? NO_COLOR })}
          w={180}
        />
        <SegmentedControl
          size="xs"
          aria-label={text.mode}
          value={mode}
          onChange={(value) => goTo({ mode: parseMode(value) })}
          data={CALENDAR_MODES.map((m) => ({ value: m, label: text.modes[m] }))}
        />
      </Group>
    </Group>
  );

  let body;
  if (query.isPending) {
    body = (
      <Group justify="center" p="xl" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{text.loading}</Text>
      </Group>
    );
  } else if (query.isError && !query.data) {
    body = (
      <Alert color="red" role="alert" title={text.loadError}>
        <Button variant="light" color="red" mt="sm" onClick={() => void query.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );
  } else {
    const total = query.data.totalResults;
    const fetched = query.data.itens.length;
    body = (
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          announcements: {
            onDragStart: () => text.dragStart,
            onDragOver: ({ over }) => (over ? text.dragOver : ''),
            onDragEnd: ({ over }) => (over ? text.dropped : text.dragCancel),
            onDragCancel: () => text.dragCancel,
          },
          screenReaderInstructions: { draggable: text.dragInstructions },
        }}
      >
        {total > fetched && (
          <Alert color="yellow" role="status" icon={<Icon name="warning" />}>
            {kind === 'window'
              ? text.truncatedWindow(fetched, total, attribute.subjectAttributeName)
              : text.truncated(fetched, total)}
          </Alert>
        )}
        {shownCount === 0 && (
          <Text c="dimmed" ta="center" role="status" className="calendar-empty">
            {text.empty}
          </Text>
        )}
        {mode === 'month' ? (
          <MonthGrid
            days={days}
            month={anchor.month}
            today={today}
            items={items}
            subject={subject}
            showTime={kind !== 'date'}
            onOpenDay={openDay}
            onChangeDate={setRescheduling}
            onNew={canCreate ? setCreating : undefined}
          />
        ) : (
          <TimeGrid
            days={days}
            rows={rows}
            today={today}
            items={items}
            capacity={capacity}
            subject={subject}
            onOpenDay={mode === 'week' ? openDay : undefined}
            onChangeDate={setRescheduling}
          />
        )}
        <DragOverlay dropAnimation={null}>
          {dragged ? <DraggedEntry item={dragged} showTime={kind !== 'date'} /> : null}
        </DragOverlay>
      </DndContext>
    );
  }

  return (
    <section
      className="calendar-screen"
      aria-label={text.label(context.subject.subjectName)}
      aria-busy={query.isFetching}
    >
      {toolbar}
      {body}
      {legend.length > 0 && (
        <Group gap="md" className="calendar-legend" role="list" aria-label={text.legend}>
          {legend.map((entry) => (
            <Group key={entry.key} gap={6} role="listitem" wrap="nowrap">
              <span
                className="calendar-legend-swatch"
                style={{ background: entry.color ?? 'var(--mantine-color-gray-5)' }}
                aria-hidden="true"
              />
              <Text size="sm">{entry.label}</Text>
            </Group>
          ))}
        </Group>
      )}
      <DeferredDialog open={creating !== null}>
        {(ready) => (
          <RecordFormModal
            context={context}
            modal={creating !== null ? { talkId: 0 } : null}
            ready={ready}
            preset={
              creating !== null
                ? {
                    subjectAttributeId: attribute.subjectAttributeId,
                    value: presetValue(kind, creating, TIME_ZONE),
                  }
                : undefined
            }
            onClose={() => {
              setCreating(null);
              void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
            }}
          />
        )}
      </DeferredDialog>
      <RescheduleModal
        item={rescheduling}
        withTime={kind !== 'date'}
        onClose={() => setRescheduling(null)}
        onMove={(item, target) => void move(item.talk, target)}
      />
    </section>
  );
}
