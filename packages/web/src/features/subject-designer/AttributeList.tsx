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
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { componentLabel, type DraftAttribute } from './attribute-draft.ts';

const text = subjectDesignerText.editor;

/** The subject's attributes in form order; dragged by their handle with the mouse or the keyboard. */
export function AttributeList(props: {
  attributes: DraftAttribute[];
  canRemove: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = props.attributes.map((a, i) => a.identifier || `novo-${i}`);
  const indexOf = (id: string | number) => ids.indexOf(String(id));
  const nameOf = (id: string | number) => props.attributes[indexOf(id)]?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} selecionado, posição ${indexOf(active.id) + 1}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} sobre a posição ${indexOf(over.id) + 1}.`
        : `${nameOf(active.id)} fora da lista.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} solto na posição ${indexOf(over.id) + 1}.` : `${nameOf(active.id)} solto.`,
    onDragCancel: ({ active }) => `Movimento de ${nameOf(active.id)} cancelado.`,
  };
  const end = (e: DragEndEvent) => {
    if (!e.over) return;
    const from = indexOf(e.active.id);
    const to = indexOf(e.over.id);
    if (from >= 0 && to >= 0 && from !== to) props.onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragHelp } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="sd-attributes" aria-label={text.attributes}>
          {props.attributes.map((a, i) => (
            <SortableAttribute key={ids[i]} id={ids[i] ?? String(i)} attribute={a} index={i} {...props} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableAttribute(props: {
  id: string;
  attribute: DraftAttribute;
  index: number;
  canRemove: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  const a = props.attribute;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.id });
  return (
    <li
      ref={setNodeRef}
      className={`sd-attribute${isDragging ? ' sd-attribute-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-attribute={a.identifier}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={text.drag(a.name)}
        {...attributes}
        {...listeners}
        style={{ cursor: 'grab', touchAction: 'none' }}
      >
        <Icon name="drag_indicator" />
      </ActionIcon>
      <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
        {props.index + 1}
      </Text>
      <div className="sd-attribute-name">
        <Text size="sm" fw={500} truncate>
          {a.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {a.identifier} · {componentLabel(a.componentId)}
          {a.relatedSubject ? ` → ${a.relatedSubject}` : ''}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        {a.isRequired && (
          <Badge size="sm" variant="outline" color="blue.9">
            {text.required}
          </Badge>
        )}
        {a.isNaturalKey && (
          <Badge size="sm" variant="outline" color="grape.9">
            {text.unique}
          </Badge>
        )}
        {a.isOrderable && (
          <Badge size="sm" variant="outline" color="teal.9">
            {text.orderable}
          </Badge>
        )}
        {a.isMultipleValues && (
          <Badge size="sm" variant="outline" color="orange.9">
            {text.multiple}
          </Badge>
        )}
        <ActionIcon
          variant="subtle"
          aria-label={text.editAttribute(a.name)}
          title={text.editAttribute(a.name)}
          onClick={() => props.onEdit(props.index)}
        >
          <Icon name="edit" />
        </ActionIcon>
        {props.canRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={text.removeAttribute(a.name)}
            title={text.removeAttribute(a.name)}
            onClick={() => props.onRemove(props.index)}
          >
            <Icon name="delete" />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
