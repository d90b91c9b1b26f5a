import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { menusText } from '../../i18n/menus.ts';
import { Icon } from '../../ui/Icon.tsx';
import {
  flatten,
  project,
  withoutDescendants,
  type FlatNode,
  type MenuDraftNode,
  type MenuProblems,
  type Projection,
} from './menu-draft.ts';

export const INDENT = 28;

/** Up and down move among the rows (dnd-kit's sortable coordinates); left and right change the level. */
const treeKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { currentCoordinates } = args;
  if (event.code === 'ArrowRight') {
    event.preventDefault();
    return { ...currentCoordinates, x: currentCoordinates.x + INDENT };
  }
  if (event.code === 'ArrowLeft') {
    event.preventDefault();
    return { ...currentCoordinates, x: currentCoordinates.x - INDENT };
  }
  return sortableKeyboardCoordinates(event, args);
};

const label = (node: MenuDraftNode) => node.name.trim() || menusText.untitled;

function Row(props: {
  item: FlatNode;
  depth: number;
  selected: boolean;
  problems: Map<string, string> | undefined;
  onSelect: () => void;
  onAddChild: () => void;
}) {
  const { item } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key });
  const name = label(item.node);
  const problems = props.problems ? [...new Set(props.problems.values())] : [];
  const isParent = item.node.children.length > 0;
  return (
    <li
      ref={setNodeRef}
      className="menu-tree-row"
      data-selected={props.selected || undefined}
      data-dragging={isDragging || undefined}
      data-key={item.key}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        paddingLeft: props.depth * INDENT,
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={menusText.drag(name)}
          className="menu-tree-handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
        >
          <Icon name="drag_indicator" size="1.25rem" />
        </ActionIcon>
        <UnstyledButton
          className="menu-tree-item"
          onClick={props.onSelect}
          aria-current={props.selected ? 'true' : undefined}
          aria-label={menusText.select(name)}
        >
          <Group gap={6} wrap="nowrap">
            <Icon name={item.node.icon ?? (isParent ? 'folder' : 'article')} size="1.25rem" />
            <Text size="sm" fw={isParent ? 600 : 400} fs={item.node.name.trim() ? undefined : 'italic'}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
        <ActionIcon variant="subtle" aria-label={menusText.addChild(name)} onClick={props.onAddChild}>
          <Icon name="add" size="1.25rem" />
        </ActionIcon>
      </Group>
      {problems.length > 0 && (
        <Text size="xs" className="menu-tree-problem">
          {problems.join(' · ')}
        </Text>
      )}
    </li>
  );
}

/** The menu as an indented list: drag a row up or down to reorder it, sideways to change its level. */
export function MenuTree(props: {
  nodes: MenuDraftNode[];
  selected: string | null;
  problems: MenuProblems;
  onSelect: (key: string) => void;
  onAddChild: (key: string) => void;
  onMove: (activeKey: string, overKey: string, projection: Projection) => void;
}) {
  const [active, setActive] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const flat = useMemo(() => flatten(props.nodes), [props.nodes]);
  const shown = useMemo(() => (active ? withoutDescendants(flat, active) : flat), [flat, active]);
  const projection = active && over ? project(flat, active, over, offset, INDENT) : undefined;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: treeKeyboardCoordinates }),
  );
  const nameOf = (key: string | number | undefined) => {
    const f = flat.find((x) => x.key === key);
    return f ? label(f.node) : '';
  };
  const reset = () => {
    setActive(null);
    setOver(null);
    setOffset(0);
  };
  const activeItem = active ? flat.find((f) => f.key === active) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        screenReaderInstructions: { draggable: menusText.dnd.instructions },
        announcements: {
          onDragStart: ({ active: a }) => menusText.dnd.picked(nameOf(a.id)),
          onDragOver: ({ active: a, over: o }) =>
            o ? menusText.dnd.over(nameOf(a.id), nameOf(o.id)) : undefined,
          onDragMove: () => undefined,
          onDragEnd: ({ active: a }) => menusText.dnd.dropped(nameOf(a.id)),
          onDragCancel: ({ active: a }) => menusText.dnd.cancelled(nameOf(a.id)),
        },
      }}
      onDragStart={(e: DragStartEvent) => {
        setActive(String(e.active.id));
        setOver(String(e.active.id));
      }}
      onDragMove={(e: DragMoveEvent) => {
        setOffset(e.delta.x);
        if (e.over) setOver(String(e.over.id));
      }}
      onDragEnd={(e: DragEndEvent) => {
        const target = e.over ? String(e.over.id) : null;
        const final = active && target ? project(flat, active, target, e.delta.x, INDENT) : undefined;
        if (active && target && final) props.onMove(active, target, final);
        reset();
      }}
      onDragCancel={reset}
    >
      <SortableContext items={shown.map((f) => f.key)} strategy={verticalListSortingStrategy}>
        <ul className="menu-tree" aria-label={menusText.tree}>
          {shown.map((item) => (
            <Row
              key={item.key}
              item={item}
              depth={item.key === active && projection ? projection.depth : item.depth}
              selected={item.key === props.selected}
              problems={props.problems.get(item.key)}
              onSelect={() => props.onSelect(item.key)}
              onAddChild={() => props.onAddChild(item.key)}
            />
          ))}
        </ul>
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {activeItem ? (
          <div className="menu-tree-overlay">
            <Icon name={activeItem.node.icon ?? 'article'} size="1.25rem" />
            <Text size="sm">{label(activeItem.node)}</Text>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
