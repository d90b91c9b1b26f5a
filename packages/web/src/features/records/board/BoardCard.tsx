import { ActionIcon, Anchor, Badge, Menu, Text } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { TASK_ATTRIBUTES, TASK_SUBJECT } from '@talkbase/domain/tasks/task-rules';
import { taskStateOfStatus } from '@talkbase/domain/tasks/task-state';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { displayText } from '../../../fields/display.ts';
import { boardText } from '../../../i18n/board.ts';
import { tagsText } from '../../../i18n/tags.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { STATE_COLORS } from '../../../ui/task-state-colors.ts';
import { TagChips, talkTagsOf } from '../slots.ts';
import type { GridColumn } from '../grid/grid-columns.ts';
import type { BoardColumn } from './board-columns.ts';

const text = boardText;

export interface CardDragData {
  talk: ApiTalk;
  from: string;
  name: string;
}

export const cardName = (talk: ApiTalk) => talk.displayName.trim() || `#${talk.talkId}`;

/**
 * A record on the board: its name (a link to it), the grid template's first fields, its tags, and
 * "Mover para…" — the keyboard's and screen reader's way to move it besides dragging.
 */
export const BoardCard = memo(function BoardCard(props: {
  talk: ApiTalk;
  columnKey: string;
  fields: readonly GridColumn[];
  columns: readonly BoardColumn[];
  href: string;
  canMove: boolean;
  onMove: (talk: ApiTalk, from: string, to: string) => void;
}) {
  const { talk, columnKey, fields, columns, canMove } = props;
  const name = cardName(talk);
  const data: CardDragData = { talk, from: columnKey, name };
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: talk.talkId,
    data,
    disabled: !canMove,
    // A group named by the record (its content holds a link and a menu), described as a card.
    attributes: { role: 'group', roleDescription: text.cardRole },
  });
  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      className="board-card"
      data-dragging={isDragging || undefined}
      data-talk-id={talk.talkId}
      {...attributes}
      {...listeners}
      aria-label={name}
      aria-disabled={!canMove || undefined}
    >
      <CardContent talk={talk} fields={fields} href={props.href}>
        {canMove && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="sm" aria-label={text.moveMenu(name)}>
                <Icon name="more_vert" size="1.1em" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{text.moveTo}</Menu.Label>
              {columns.map((c) => (
                <Menu.Item
                  key={c.key}
                  disabled={c.key === columnKey}
                  onClick={() => props.onMove(talk, columnKey, c.key)}
                >
                  {c.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </CardContent>
    </div>
  );
});

/** A task's timer state (waiting, running, paused, finished), read from its status, as a badge. */
function TaskTimerState({ talk }: { talk: ApiTalk }) {
  if (talk.subject.toLowerCase() !== TASK_SUBJECT) return null;
  const status = talk.talkValues.find((v) => v.subjectAttributeIdentifier === TASK_ATTRIBUTES.status);
  const name = status?.displayValue ?? (typeof status?.value === 'string' ? status.value : null);
  const state = taskStateOfStatus(name);
  if (!state || !name) return null;
  return (
    <Badge
      size="xs"
      variant="filled"
      color={STATE_COLORS[state]}
      autoContrast={state === 'paused'}
      leftSection={state === 'running' ? <Icon name="timer" size="1em" /> : undefined}
      className="board-card-task"
      aria-label={text.taskTimer(name)}
    >
      {name}
    </Badge>
  );
}

/**
 * A card's content: the name (a link), the fields with a value, a task's timer state, the tags;
 * `children` is its menu.
 */
function CardContent(props: {
  talk: ApiTalk;
  fields: readonly GridColumn[];
  href: string;
  children?: ReactNode;
}) {
  const { talk, fields } = props;
  const name = cardName(talk);
  const menu = props.children;
  const shown = fields.flatMap((f) => {
    const value = displayText(
      f.attribute,
      talk.talkValues.find((v) => v.subjectAttributeId === f.attribute.subjectAttributeId),
    );
    // The name is the card's title already.
    return value && value !== talk.displayName ? [{ key: f.key, label: f.label, value }] : [];
  });
  const tags = talkTagsOf(talk.tags);
  return (
    <>
      <div className="board-card-head">
        <Anchor component={Link} to={props.href} size="sm" fw={600} className="board-card-title">
          {talk.displayName ? name : `#${talk.talkId}`}
        </Anchor>
        {menu}
      </div>
      {shown.length > 0 && (
        <dl className="board-card-fields">
          {shown.map((f) => (
            <div key={f.key}>
              <Text component="dt" size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text component="dd" size="xs" lineClamp={2}>
                {f.value}
              </Text>
            </div>
          ))}
        </dl>
      )}
      <TaskTimerState talk={talk} />
      {tags.length > 0 && <TagChips tags={tags} label={tagsText.records.tags} />}
    </>
  );
}

/** The card under the pointer while dragging (DragOverlay): the same content, no drag of its own. */
export function CardPreview(props: { talk: ApiTalk; fields: readonly GridColumn[]; href: string }) {
  return (
    <div className="board-card" data-talk-preview={props.talk.talkId}>
      <CardContent {...props} />
    </div>
  );
}
