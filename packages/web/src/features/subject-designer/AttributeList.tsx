import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { subjectDesignerText } from '../../i18n/subject-designer.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SortableList, SortableRow } from '../../ui/SortableList.tsx';
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
  const ids = props.attributes.map((a, i) => a.identifier || `novo-${i}`);
  const end = (e: DragEndEvent) => {
    if (!e.over) return;
    const from = ids.indexOf(String(e.active.id));
    const to = ids.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0 && from !== to) props.onMove(from, to);
  };
  return (
    <SortableList
      ids={ids}
      names={props.attributes.map((a) => a.name)}
      dragHelp={text.dragHelp}
      onDragEnd={end}
      className="sd-attributes"
      label={text.attributes}
    >
      {props.attributes.map((a, i) => (
        <SortableAttribute key={ids[i]} id={ids[i] ?? String(i)} attribute={a} index={i} {...props} />
      ))}
    </SortableList>
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
  return (
    <SortableRow
      id={props.id}
      index={props.index}
      className="sd-attribute"
      dragLabel={text.drag(a.name)}
      data={{ 'data-attribute': a.identifier }}
    >
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
          <Badge size="sm" variant="filled" color="blue.9">
            {text.required}
          </Badge>
        )}
        {a.isNaturalKey && (
          <Badge size="sm" variant="filled" color="grape.9">
            {text.unique}
          </Badge>
        )}
        {a.isOrderable && (
          <Badge size="sm" variant="filled" color="teal.9">
            {text.orderable}
          </Badge>
        )}
        {a.isMultipleValues && (
          <Badge size="sm" variant="filled" color="orange.9">
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
    </SortableRow>
  );
}
