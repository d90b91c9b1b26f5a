import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Paper,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  columnColors,
  columnName,
  columnWidth,
  emptyColumnAttribute,
  REPORT_COLUMN_WIDTH,
  withColumnConfig,
  type ReportColumn,
  type ReportColumnAttribute,
} from '@talkbase/domain/fields/report-columns';
import { Icon } from '../../../ui/Icon.tsx';
import type { CatalogAttribute } from './attribute-catalog.ts';
import { PlaceholderInput } from './PlaceholderInput.tsx';
import { fieldsDesignersText } from '../../../i18n/fields-designers.ts';

const text = fieldsDesignersText.reportColumns;

interface ReportColumnCardProps {
  idPrefix: string;
  index: number;
  column: ReportColumn;
  onChange: (column: ReportColumn) => void;
  onRemove: () => void;
  catalog: readonly CatalogAttribute[];
  catalogLoading: boolean;
  readOnly: boolean;
  /** Messages of this column by path: 'name', 'attributes.0.value'… */
  errors: ReadonlyMap<string, string>;
}

/** One column of the designer: name, width, colours and values; dragged by its handle. */
export function ReportColumnCard(props: ReportColumnCardProps) {
  const { column, index, readOnly } = props;
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: column.columnIdentifier,
    disabled: readOnly,
  });
  const name = columnName(column);
  const title = name.trim() || text.column(index + 1);
  const colors = columnColors(column);
  const base = `${props.idPrefix}-${column.columnIdentifier}`;

  const setAttribute = (j: number, patch: Partial<ReportColumnAttribute>) =>
    props.onChange({
      ...column,
      attributes: column.attributes.map((a, k) => (k === j ? { ...a, ...patch } : a)),
    });

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              aria-label={text.dragColumn(title)}
              {...attributes}
              {...listeners}
              style={{ cursor: 'grab' }}
            >
              <Icon name="drag_indicator" />
            </ActionIcon>
          )}
          <Text fw={600}>{title}</Text>
        </Group>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.removeColumn(title)}
            onClick={props.onRemove}
          >
            <Icon name="delete" />
          </ActionIcon>
        )}
      </Group>
      <Stack gap="xs">
        <TextInput
          id={`${base}-name`}
          label={text.name}
          required
          value={name}
          readOnly={readOnly}
          error={props.errors.get('name')}
          maxLength={150}
          onChange={(e) => props.onChange(withColumnConfig(column, 'name', e.currentTarget.value))}
        />
        <div>
          <Text size="sm" fw={500} id={`${base}-width`}>
            {text.width}: {columnWidth(column)}
          </Text>
          <Slider
            min={REPORT_COLUMN_WIDTH.min}
            max={REPORT_COLUMN_WIDTH.max}
            step={REPORT_COLUMN_WIDTH.step}
            value={columnWidth(column)}
            disabled={readOnly}
            thumbLabel={text.width}
            onChange={(v) => props.onChange(withColumnConfig(column, 'width', v))}
          />
        </div>
        <Group grow>
          <ColorInput
            label={text.backgroundColor}
            format="hex"
            value={colors.background}
            readOnly={readOnly}
            onChange={(v) => props.onChange(withColumnConfig(column, 'backgroundColor', v))}
            eyeDropperButtonProps={{ 'aria-label': text.eyeDropper, title: text.eyeDropper }}
          />
          <ColorInput
            label={text.fontColor}
            format="hex"
            value={colors.font}
            readOnly={readOnly}
            onChange={(v) => props.onChange(withColumnConfig(column, 'fontColor', v))}
            eyeDropperButtonProps={{ 'aria-label': text.eyeDropper, title: text.eyeDropper }}
          />
        </Group>
        <Text size="sm" fw={500}>
          {text.values}
        </Text>
        {column.attributes.map((a, j) => (
          <Group key={j} align="flex-start" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <PlaceholderInput
                id={`${base}-value-${j}`}
                label={text.value(j + 1)}
                value={a.value}
                catalog={props.catalog}
                loading={props.catalogLoading}
                readOnly={readOnly}
                error={props.errors.get(`attributes.${j}.value`)}
                onChange={(value, subjectId) =>
                  setAttribute(j, { value, ...(subjectId !== null ? { subjectId } : {}) })
                }
              />
            </div>
            <Checkbox
              mt={30}
              label={text.grouped}
              checked={a.isGrouped}
              disabled={readOnly}
              onChange={(e) => setAttribute(j, { isGrouped: e.currentTarget.checked })}
            />
            {!readOnly && column.attributes.length > 1 && (
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                aria-label={text.removeValue(j + 1)}
                onClick={() =>
                  props.onChange({ ...column, attributes: column.attributes.filter((_, k) => k !== j) })
                }
              >
                <Icon name="close" />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<Icon name="add" size={18} />}
              onClick={() =>
                props.onChange({ ...column, attributes: [...column.attributes, emptyColumnAttribute()] })
              }
            >
              {text.addValue}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
