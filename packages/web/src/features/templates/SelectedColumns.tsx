import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { templatesText } from '../../i18n/templates.ts';
import { Icon } from '../../ui/Icon.tsx';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const c = props.columns.find((x) => x.subjectAttributeId === Number(id));
    return c ? label(c) : '';
  };
  const position = (id: string | number) =>
    props.columns.findIndex((x) => x.subjectAttributeId === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} selecionado, posição ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} sobre a posição ${position(over.id)}.`
        : `${nameOf(active.id)} fora da lista.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} solto na posição ${position(over.id)}.` : `${nameOf(active.id)} solto.`,
    onDragCancel: ({ active }) => `Movimento de ${nameOf(active.id)} cancelado.`,
  };
  const end = (e: DragEndEvent) => props.onMove(Number(e.active.id), e.over ? Number(e.over.id) : null);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragHelp } }}
    >
      <SortableContext
        items={props.columns.map((c) => c.subjectAttributeId)}
        strategy={verticalListSortingStrategy}
      >
        <ol className="template-fields" aria-label={text.selected} data-testid="template-selected">
          {props.columns.map((c, i) => (
            <SortableColumn key={c.subjectAttributeId} column={c} index={i} {...props} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableColumn(props: {
  column: EditorColumn;
  index: number;
  onEdit: (column: EditorColumn) => void;
  onRemove: (column: EditorColumn) => void;
}) {
  const { column } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: column.subjectAttributeId });
  const name = label(column);
  return (
    <li
      ref={setNodeRef}
      className={`template-field${isDragging ? ' template-field-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-column={column.attributeName}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={text.drag(name)}
        {...attributes}
        {...listeners}
        style={{ cursor: 'grab', touchAction: 'none' }}
      >
        <Icon name="drag_indicator" />
      </ActionIcon>
      <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
        {props.index + 1}
      </Text>
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
    </li>
  );
}
