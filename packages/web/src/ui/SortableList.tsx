import { ActionIcon, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

/**
 * An ordered list whose rows are dragged by their handle, with the mouse or the keyboard, and
 * whose moves are announced to screen readers by the rows' names.
 */
export function SortableList(props: {
  /** The rows' ids, in order. */
  ids: readonly UniqueIdentifier[];
  /** The rows' names, in the same order, for the announcements. */
  names: readonly string[];
  /** How to move a row with the keyboard, read when a handle is focused. */
  dragHelp: string;
  onDragEnd: (e: DragEndEvent) => void;
  className: string;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  const { ids, names } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => ids.findIndex((x) => String(x) === String(id)) + 1;
  const nameOf = (id: UniqueIdentifier) => names[position(id) - 1] ?? '';
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
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={props.onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: props.dragHelp } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <ol className={props.className} aria-label={props.label} data-testid={props.testId}>
          {props.children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * A row of a SortableList: its drag handle and its position, then the children. `className`
 * names the row; `${className}-dragging` is added while it is dragged.
 */
export function SortableRow(props: {
  id: UniqueIdentifier;
  index: number;
  className: string;
  /** The handle's accessible name. */
  dragLabel: string;
  /** data-* attributes that name the row for tests. */
  data: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.id });
  return (
    <li
      ref={setNodeRef}
      className={`${props.className}${isDragging ? ` ${props.className}-dragging` : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...props.data}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={props.dragLabel}
        {...attributes}
        {...listeners}
        style={{ cursor: 'grab', touchAction: 'none' }}
      >
        <Icon name="drag_indicator" />
      </ActionIcon>
      <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
        {props.index + 1}
      </Text>
      {props.children}
    </li>
  );
}
