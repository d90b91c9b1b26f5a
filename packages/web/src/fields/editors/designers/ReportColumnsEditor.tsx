import { Button, Group, Input, Stack, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { configValue } from '@talkbase/domain/fields/component-config';
import {
  keepSubjects,
  newReportColumn,
  nextColumnIdentifier,
  reportColumnMessages,
  validateReportColumns,
  type ReportColumn,
} from '@talkbase/domain/fields/report-columns';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Icon } from '../../../ui/Icon.tsx';
import type { FieldEditorProps } from '../../types.ts';
import { useAttributeCatalog } from './attribute-catalog.ts';
import { ConfirmModal } from '../../../ui/ConfirmModal.tsx';
import { ReportColumnCard } from './ReportColumnCard.tsx';
import { ReportPreview } from './ReportPreview.tsx';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.reportColumns;

type Loose = Record<string, unknown>;
const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored value as columns (null when it is not a list); whatever is unreadable is left out. */
function readColumns(value: unknown): ReportColumn[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isRecord).map((c, i) => ({
    columnIdentifier: typeof c.columnIdentifier === 'number' ? c.columnIdentifier : 100000 + i,
    configs: (Array.isArray(c.configs) ? c.configs : [])
      .filter(isRecord)
      .filter((x) => typeof x.configIdentifier === 'string')
      .map((x) => ({ configIdentifier: String(x.configIdentifier), value: x.value })),
    attributes: (Array.isArray(c.attributes) ? c.attributes : []).filter(isRecord).map((a) => ({
      value: typeof a.value === 'string' ? a.value : '',
      isGrouped: a.isGrouped === true,
      subjectId: typeof a.subjectId === 'number' ? a.subjectId : null,
    })),
  }));
}

/** The subjects the columns may use: another field of the record names them (`subjectsAttribute`). */
function subjectsFrom(props: FieldEditorProps): string[] | undefined {
  const source = configValue(props.attribute.componentConfigs, 'subjectsAttribute');
  if (typeof source !== 'string' || !source || !props.valueOf) return undefined;
  const v = props.valueOf(source);
  const list = Array.isArray(v) ? v : typeof v === 'string' && v ? v.split(/[;,]/) : [];
  return list.filter((s): s is string => typeof s === 'string').map((s) => s.trim());
}

/**
 * Report columns, component 15 (002 §2, §4 "Column designer", §5 "Report columns"): columns added,
 * removed (after confirmation), dragged to reorder and previewed as a spreadsheet. Emits the list
 * of columns; rule violations are reported through onInputError so the form's OK stays disabled.
 */
export function ReportColumnsEditor(props: FieldEditorProps) {
  const { id, label, readOnly, required, onChange, onInputError } = props;
  const columns = useMemo(() => readColumns(props.value), [props.value]);
  const list = useMemo(() => columns ?? [], [columns]);
  const subjects = subjectsFrom(props);
  const catalog = useAttributeCatalog(subjects);
  const [removing, setRemoving] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const errors = useMemo(() => {
    if (columns === null)
      return required ? [{ message: reportColumnMessages.atLeastOneColumn, path: [] }] : [];
    return validateReportColumns(columns);
  }, [columns, required]);
  const firstError = errors[0]?.message;
  useEffect(() => {
    onInputError?.(firstError);
  }, [firstError, onInputError]);

  // §4: when the record's subject list changes, values of subjects taken out go away.
  const subjectsKey = subjects?.join(';');
  const lastSubjects = useRef(subjectsKey);
  useEffect(() => {
    if (subjectsKey === lastSubjects.current) return;
    lastSubjects.current = subjectsKey;
    if (subjectsKey !== undefined && columns)
      onChange(keepSubjects(columns, subjectsKey ? subjectsKey.split(';') : []));
  }, [subjectsKey, columns, onChange]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((c) => c.columnIdentifier === active.id);
    const to = list.findIndex((c) => c.columnIdentifier === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(list, from, to));
  };

  const errorsOf = (i: number) =>
    new Map(
      errors
        .filter((e) => e.path[0] === i && e.path.length > 1)
        .map((e) => [e.path.slice(1).join('.'), e.message] as const),
    );
  const listError = errors.find((e) => e.path.length === 0)?.message;

  return (
    <Input.Wrapper
      labelElement="div"
      label={props.variant === 'cell' ? undefined : label}
      required={required}
      error={listError ?? props.error}
    >
      <Stack gap="sm" mt={4} id={id} role="group" aria-label={label}>
        <Group>
          {!readOnly && (
            <Button
              variant="light"
              leftSection={<Icon name="add" size={18} />}
              onClick={() => onChange([...list, newReportColumn(nextColumnIdentifier(list))])}
            >
              {text.addColumn}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<Icon name="preview" size={18} />}
            onClick={() => setPreviewing(true)}
          >
            {text.preview}
          </Button>
        </Group>
        {list.length === 0 && columns !== null && <Text size="sm">{text.atLeastOneColumn}</Text>}
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={list.map((c) => c.columnIdentifier)} strategy={verticalListSortingStrategy}>
            {list.map((column, i) => (
              <ReportColumnCard
                key={column.columnIdentifier}
                idPrefix={id}
                index={i}
                column={column}
                catalog={catalog.data ?? []}
                catalogLoading={catalog.isLoading}
                readOnly={readOnly}
                errors={errorsOf(i)}
                onChange={(next) => onChange(list.map((c, k) => (k === i ? next : c)))}
                onRemove={() => setRemoving(column.columnIdentifier)}
              />
            ))}
          </SortableContext>
        </DndContext>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        danger
        confirmLabel={text.confirm}
        cancelLabel={text.cancel}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          onChange(list.filter((c) => c.columnIdentifier !== removing));
          setRemoving(null);
        }}
      >
        {text.confirmRemove}
      </ConfirmModal>
      <ReportPreview
        opened={previewing}
        onClose={() => setPreviewing(false)}
        columns={list}
        catalog={catalog.data ?? []}
      />
    </Input.Wrapper>
  );
}
