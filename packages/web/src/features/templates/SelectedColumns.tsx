import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { templatesText } from '../../i18n/templates.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SortableList, SortableRow } from '../../ui/SortableList.tsx';
import type { EditorColumn } from './template-draft.ts';

const text = templatesText.editor;

const label = (c: EditorColumn) => c.alias || c.attributeName;

/** The selected columns in grid order; dragged by their handle with the mouse or the keyboard. */
export function SelectedColumns(props: {
  columns: EditorColumn[];
  onMove: (activeId: number, overId: number | null) => void;
  onEdit: (column: EditorColumn) => void;
  onRemove: (column: EditorColumn) => void;
}) {
  return (
    <SortableList
      ids={props.columns.map((c) => c.subjectAttributeId)}
      names={props.columns.map(label)}
      dragHelp={text.dragHelp}
      onDragEnd={(e) => props.onMove(Number(e.active.id), e.over ? Number(e.over.id) : null)}
      className="template-fields"
      label={text.selected}
      testId="template-selected"
    >
      {props.columns.map((c, i) => (
        <SortableColumn key={c.subjectAttributeId} column={c} index={i} {...props} />
      ))}
    </SortableList>
  );
}

function SortableColumn(props: {
  column: EditorColumn;
  index: number;
  onEdit: (column: EditorColumn) => void;
  onRemove: (column: EditorColumn) => void;
}) {
  const { column } = props;
  const name = label(column);
  return (
    <SortableRow
      id={column.subjectAttributeId}
      index={props.index}
      className="template-field"
      dragLabel={text.drag(name)}
      data={{ 'data-column': column.attributeName }}
    >
      <div className="template-field-name">
        <Text size="sm" truncate>
          {name}
        </Text>
        {column.alias && (
          <Text size="xs" c="dimmed" truncate>
            {column.attributeName}
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap">
        {column.sort !== false && (
          <Badge
            variant="light"
            size="sm"
            leftSection={<Icon name={column.sort === 1 ? 'arrow_upward' : 'arrow_downward'} />}
          >
            {column.sort === 1 ? text.sortAsc : text.sortDesc}
          </Badge>
        )}
        {column.fixed && (
          <Badge variant="default" size="sm">
            {text.fixedShort}
          </Badge>
        )}
        {column.hidden && (
          <Badge variant="default" size="sm">
            {text.hiddenShort}
          </Badge>
        )}
        <Badge variant="default" size="sm">
          {text.widthShort(column.width)}
        </Badge>
        <ActionIcon
          variant="subtle"
          aria-label={text.edit(name)}
          title={text.edit(name)}
          onClick={() => props.onEdit(column)}
        >
          <Icon name="edit" />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={text.remove(name)}
          title={text.remove(name)}
          onClick={() => props.onRemove(column)}
        >
          <Icon name="close" />
        </ActionIcon>
      </Group>
    </SortableRow>
  );
}
