import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AGGREGATE_BUCKETS,
  AGGREGATE_FUNCTIONS,
  aggregateTexts,
  type AggregateBucket,
  type AggregateFunction,
} from '@talkbase/domain/contracts/aggregates';
import {
  dashboardTexts,
  WIDGET_KINDS,
  type DashboardWidget,
  type WidgetKind,
} from '@talkbase/domain/contracts/dashboards';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchReadableSubjects } from '../../api/subjects-api.ts';
import { dashboardsText } from '../../i18n/dashboards.ts';
import { t } from '../../i18n/pt-BR.ts';
import { useSavedFilters } from '../filters/useSavedFilters.ts';
import { fetchContext } from '../records/records-api.ts';

const text = dashboardsText.widgetForm;

export interface WidgetFormModalProps {
  opened: boolean;
  /** The widget edited, or a new one's defaults. */
  initial: DashboardWidget;
  isNew: boolean;
  onSave: (widget: DashboardWidget) => void;
  onClose: () => void;
}

interface AttributeChoice {
  value: string;
  label: string;
  isDate: boolean;
  isNumber: boolean;
  /** A date-time: measurable as an age in days since it (aggregates' `ageDays.{identifier}`). */
  isDateTime?: boolean;
}

/** The record's own columns, which every account that reads a subject reads. */
const SYSTEM_CHOICES: AttributeChoice[] = [
  { value: 'createdAt', label: dashboardsText.systemColumns.createdAt, isDate: true, isNumber: false },
  { value: 'updatedAt', label: dashboardsText.systemColumns.updatedAt, isDate: true, isNumber: false },
  { value: 'createdBy', label: dashboardsText.systemColumns.createdBy, isDate: false, isNumber: false },
  { value: 'updatedBy', label: dashboardsText.systemColumns.updatedBy, isDate: false, isNumber: false },
];

/** The subject's attributes the viewer reads that can be grouped (one value each) or measured (numbers). */
function useAttributeChoices(subject: string) {
  return useQuery({
    queryKey: ['context', 'grid', subject, undefined],
    queryFn: ({ signal }) => fetchContext('grid', subject, undefined, signal),
    enabled: subject !== '',
    staleTime: 60_000,
    select: (context): AttributeChoice[] => [
      ...context.subject.subjectAttributes.flatMap((a) => {
        const kind = valueKindOf(a.componentId);
        if (!kind || a.isMultipleValues || kind === 'file' || kind === 'json') return [];
        return [
          {
            value: a.identifier,
            label: a.name,
            isDate: kind === 'date' || kind === 'datetime',
            isNumber: kind === 'integer' || kind === 'decimal',
            isDateTime: kind === 'datetime',
          },
        ];
      }),
      ...SYSTEM_CHOICES,
    ],
  });
}

/** 'Adicionar indicador' / 'Editar indicador': what a widget counts, how it groups and shows it. */
export function WidgetFormModal(props: WidgetFormModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.isNew ? text.titleNew : text.titleEdit}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t.confirm.close }}
    >
      {props.opened && <WidgetForm {...props} />}
    </Modal>
  );
}

function WidgetForm({ initial, onSave, onClose }: WidgetFormModalProps) {
  const [title, setTitle] = useState(initial.title);
  const [kind, setKind] = useState<WidgetKind>(initial.kind);
  const [subject, setSubject] = useState(initial.subject);
  const [filterId, setFilterId] = useState<number | null>(initial.filterId);
  const firstGroup = initial.groupBy[0];
  const [groupAttribute, setGroupAttribute] = useState<string | null>(
    firstGroup ? String(firstGroup.attribute) : null,
  );
  const [bucket, setBucket] = useState<AggregateBucket | null>(firstGroup?.bucket ?? null);
  const [fn, setFn] = useState<AggregateFunction>(initial.measure.fn);
  const [measureAttribute, setMeasureAttribute] = useState<string | null>(
    initial.measure.fn === 'count' ? null : String(initial.measure.attribute),
  );
  const [top, setTop] = useState<number | undefined>(initial.top);
  const [width, setWidth] = useState(initial.width);
  const [height, setHeight] = useState(initial.height);
  const [submitted, setSubmitted] = useState(false);

  const subjects = useQuery({
    queryKey: ['readable-subjects'],
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 60_000,
  });
  const filters = useSavedFilters(subject || null);
  // Saved filters are records of `filtro`: a room that may not read them (customers) is not offered the picker.
  const offerFilters = !(
    filters.error instanceof ApiError &&
    (filters.error.status === 403 || filters.error.status === 404)
  );
  const attributes = useAttributeChoices(subject);
  const choices = attributes.data ?? [];
  const groupChoice = choices.find((c) => c.value === groupAttribute);
  // Numbers, and ages in days (since the record's creation, or since one of its date-times).
  const measureChoices = [
    ...choices.filter((c) => c.isNumber).map((c) => ({ value: c.value, label: c.label })),
    { value: 'ageDays', label: text.ageSinceCreation },
    ...choices
      .filter((c) => c.isDateTime)
      .map((c) => ({ value: `ageDays.${c.value}`, label: text.ageSince(c.label) })),
  ];
  const needsGroup = kind !== 'number';

  const titleError = submitted && !title.trim() ? dashboardTexts.titleRequired : undefined;
  const groupError = submitted && needsGroup && !groupAttribute ? text.groupRequired : undefined;
  const measureError =
    submitted && fn !== 'count' && !measureAttribute ? aggregateTexts.attributeRequired : undefined;

  const changeSubject = (next: string | null) => {
    if (!next || next === subject) return;
    setSubject(next);
    setFilterId(null);
    setGroupAttribute(null);
    setBucket(null);
    setMeasureAttribute(null);
    if (fn !== 'count') setFn('count');
  };

  const save = () => {
    setSubmitted(true);
    if (!title.trim() || !subject) return;
    if (needsGroup && !groupAttribute) return;
    if (fn !== 'count' && !measureAttribute) return;
    const groupBy: DashboardWidget['groupBy'] =
      needsGroup && groupAttribute
        ? [
            {
              attribute: groupAttribute,
              ...(groupChoice?.isDate ? { bucket: bucket ?? 'day' } : {}),
            },
            // A second key made elsewhere (the API) is kept when the first one stays.
            ...(firstGroup && String(firstGroup.attribute) === groupAttribute
              ? initial.groupBy.slice(1)
              : []),
          ]
        : initial.groupBy;
    onSave({
      ...initial,
      title: title.trim(),
      kind,
      subject,
      filterId,
      // A tree belongs to its subject: a widget moved to another subject leaves it behind.
      filterJson: subject === initial.subject ? initial.filterJson : null,
      groupBy: needsGroup ? groupBy : initial.subject === subject ? initial.groupBy : [],
      measure: fn === 'count' ? { fn: 'count' } : { fn, attribute: measureAttribute ?? '' },
      top: needsGroup ? top : undefined,
      width,
      height,
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={text.title}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={100}
          withAsterisk
          data-autofocus
          error={titleError}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={text.kind}
            data={WIDGET_KINDS.map((k) => ({ value: k, label: dashboardsText.kinds[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={text.subject}
            placeholder={text.subjectPlaceholder}
            data={(subjects.data ?? []).map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
            value={subject || null}
            onChange={changeSubject}
            searchable
            withAsterisk
            allowDeselect={false}
            error={
              subjects.isError
                ? text.subjectsError
                : submitted && !subject
                  ? text.subjectPlaceholder
                  : undefined
            }
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {offerFilters && (
          <Select
            label={text.filter}
            data={[
              { value: '', label: text.filterNone },
              ...(filters.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName })),
            ]}
            value={filterId === null ? '' : String(filterId)}
            onChange={(v) => setFilterId(v ? Number(v) : null)}
            disabled={!subject}
            allowDeselect={false}
            error={filters.isError ? text.filtersError : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {initial.filterJson !== null && subject === initial.subject && (
          <Text size="xs" c="dimmed">
            {text.treeKept}
          </Text>
        )}
        {attributes.isError && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {text.attributesError}
          </Alert>
        )}
        {needsGroup && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={text.groupBy}
              data={choices.map((c) => ({ value: c.value, label: c.label }))}
              value={groupAttribute}
              onChange={(v) => {
                setGroupAttribute(v);
                if (!choices.find((c) => c.value === v)?.isDate) setBucket(null);
              }}
              disabled={!subject}
              searchable
              withAsterisk
              error={groupError}
              comboboxProps={{ withinPortal: true }}
            />
            {groupChoice?.isDate && (
              <Select
                label={text.bucket}
                data={AGGREGATE_BUCKETS.map((b) => ({ value: b, label: dashboardsText.buckets[b] }))}
                value={bucket ?? 'day'}
                onChange={(v) => v && setBucket(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={text.measure}
            data={AGGREGATE_FUNCTIONS.map((f) => ({ value: f, label: dashboardsText.measures[f] }))}
            value={fn}
            onChange={(v) => v && setFn(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {fn !== 'count' && (
            <Select
              label={text.measureAttribute}
              data={measureChoices}
              value={measureAttribute}
              onChange={setMeasureAttribute}
              withAsterisk
              error={measureError}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </SimpleGrid>
        {needsGroup && (
          <NumberInput
            label={text.top}
            description={text.topHint}
            value={top ?? ''}
            onChange={(v) => setTop(v === '' ? undefined : Math.min(1000, Math.max(1, Number(v) || 1)))}
            min={1}
            max={1000}
            allowDecimal={false}
            w={{ base: '100%', sm: '50%' }}
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={text.width}
            value={width}
            onChange={(v) => setWidth(Math.min(12, Math.max(2, Number(v) || 2)))}
            min={2}
            max={12}
            clampBehavior="strict"
            allowDecimal={false}
          />
          <NumberInput
            label={text.height}
            value={height}
            onChange={(v) => setHeight(Math.min(8, Math.max(1, Number(v) || 1)))}
            min={1}
            max={8}
            clampBehavior="strict"
            allowDecimal={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit">{text.save}</Button>
        </Group>
      </Stack>
    </form>
  );
}
