import { Alert, Button, Group, Loader, Paper, Select, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { TalkTagPush } from '@talkbase/domain/contracts/tags';
import type { ApiTalk, TalkUpdatesEvent } from '@talkbase/domain/contracts/talks';
import { TASK_ATTRIBUTES, TASK_SUBJECT } from '@talkbase/domain/tasks/task-rules';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { boardText } from '../../../i18n/board.ts';
import { DeferredDialog } from '../../../ui/DeferredDialog.tsx';
import { useRealtimeEvent, useRealtimeResync } from '../../realtime/useRealtimeEvent.ts';
import { readAgain } from '../../realtime/read-again.ts';
import { useSession } from '../../session/useSession.ts';
import { contextPath, type ContextRoute } from '../context-route.ts';
import { notifyError, notifySuccess, useSyncErrorDialog } from '../feedback.tsx';
import { gridColumns } from '../grid/grid-columns.ts';
import { updateTalk } from '../records-api.ts';
import { loadFormRules, useRecordTagsLive } from '../slots.ts';
import { boardAttribute, boardAttributes } from '../views/view-attributes.ts';
import { useSavedView } from '../views/useSavedView.ts';
import { cardName, CardPreview, type CardDragData } from './BoardCard.tsx';
import { BoardColumnView } from './BoardColumnView.tsx';
import { boardColumns, type BoardColumn } from './board-columns.ts';
import {
  boardKey,
  columnKey,
  fetchBoardOptions,
  updateCards,
  withCard,
  withoutCard,
  type BoardBase,
  type ColumnPages,
} from './board-data.ts';
import './board.css';

const text = boardText;

const RecordFormModal = lazy(() =>
  Promise.all([import('../grid/RecordFormModal.tsx'), loadFormRules()]).then(([m]) => ({
    default: m.RecordFormModal,
  })),
);

/** Fields a card shows from the grid's template (besides the name and the board's own field). */
const CARD_FIELDS = 3;

/** Pointer first (where the pointer is), else the card's overlap: the keyboard has no pointer. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** Left and right arrows jump the dragged card to the neighbouring column. */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const rect = context.collisionRect;
  if (!rect) return undefined;
  if (step === 0) {
    if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + 40 };
    if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - 40 };
    return undefined;
  }
  event.preventDefault();
  const columns = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const centre = rect.left + rect.width / 2;
  let at = columns.findIndex(([, r]) => centre >= r.left && centre <= r.left + r.width);
  if (at < 0) at = step > 0 ? -1 : columns.length;
  const next = columns[at + step];
  if (!next) return undefined;
  const [, target] = next;
  return {
    x: currentCoordinates.x + (target.left + target.width / 2 - centre),
    y: currentCoordinates.y,
  };
};

/**
 * The board scenario (issue 38 item 2): a subject's records in one column per value of a single
 * select or yes/no field, through the grid's own records call (its filters, row scope and readable
 * fields); a card dragged (or moved with its menu) to another column saves the value with the
 * record's version.
 */
export function BoardView({ context, route }: { context: ContextResponse; route: ContextRoute }) {
  const subject = context.subject.subjectIdentifier;
  const candidates = useMemo(() => boardAttributes(context), [context]);
  const saved = useSavedView(subject);
  const savedLoaded = saved.view !== undefined;
  // Without `by`, the saved choice (once known); a `by` that names no candidate falls to the first.
  const by = route.by ?? saved.view?.boardBy ?? undefined;
  const attribute = route.by || savedLoaded ? boardAttribute(candidates, by) : undefined;
  const { save } = saved;
  const chosen = attribute?.subjectAttributeIdentifier.toLowerCase();
  useEffect(() => {
    if (savedLoaded && chosen) save({ view: 'board', boardBy: chosen });
  }, [savedLoaded, chosen, save]);

  if (candidates.length === 0)
    return (
      <Alert color="gray" role="status">
        <Text size="sm">{text.noAttribute}</Text>
        <Button component={Link} to={gridPath(route)} size="xs" variant="light" mt="sm">
          {text.openList}
        </Button>
      </Alert>
    );
  if (!attribute) return <BoardLoading />;
  return (
    <Board
      key={attribute.subjectAttributeId}
      context={context}
      route={route}
      attributeId={attribute.subjectAttributeId}
    />
  );
}

const gridPath = (route: ContextRoute) =>
  contextPath('grid', route.subject, {
    templateId: route.templateId,
    filterIds: route.filterIds,
    menuId: route.menuId,
    isActive: route.isActive,
  });

function BoardLoading() {
  return (
    <Group justify="center" p="xl" role="status">
      <Loader size="sm" />
      <Text c="dimmed">{text.loading}</Text>
    </Group>
  );
}

function Board({
  context,
  route,
  attributeId,
}: {
  context: ContextResponse;
  route: ContextRoute;
  attributeId: number;
}) {
  const subject = context.subject.subjectIdentifier;
  const navigate = useNavigate();
  const session = useSession();
  const client = useQueryClient();
  const candidates = useMemo(() => boardAttributes(context), [context]);
  const attribute = candidates.find((a) => a.subjectAttributeId === attributeId);
  const isSelect = attribute?.componentId === 4;
  const options = useQuery({
    queryKey: ['board-options', attributeId],
    queryFn: ({ signal }) => fetchBoardOptions(attributeId, signal),
    enabled: isSelect,
    staleTime: 60_000,
  });
  const columns = useMemo(
    () => (attribute && (!isSelect || options.data) ? boardColumns(attribute, options.data?.options) : []),
    [attribute, isSelect, options.data],
  );
  const fields = useMemo(
    () =>
      gridColumns(context.template, context.subject.subjectAttributes)
        .filter((c) => c.attribute.subjectAttributeId !== attributeId)
        .slice(0, CARD_FIELDS),
    [context.template, context.subject.subjectAttributes, attributeId],
  );
  const base = useMemo<BoardBase>(
    () => ({ isActive: route.isActive, filterIds: route.filterIds, menuId: route.menuId }),
    [route.isActive, route.filterIds, route.menuId],
  );
  const [active, setActive] = useState<CardDragData | null>(null);
  const [modal, setModal] = useState<{ column: BoardColumn } | null>(null);
  const [syncDialog, showSyncErrors] = useSyncErrorDialog();

  // A task's status moves only through the task calls (start, pause, finish: modules/tasks), which
  // refuse it in a record write: its board shows the tasks by state, without moves or a column's "+".
  const taskStatus =
    context.subject.subjectIdentifier.toLowerCase() === TASK_SUBJECT &&
    attribute?.subjectAttributeIdentifier.toLowerCase() === TASK_ATTRIBUTES.status;
  const canUpdate =
    context.subject.actions.Update && !!attribute?.actions.update && attribute.isEditable && !taskStatus;
  const canMove = useCallback((talk: ApiTalk) => canUpdate && !talk.isReadOnly, [canUpdate]);
  const canCreate = context.subject.actions.Create && !!attribute?.actions.create && !taskStatus;
  const hrefOf = useCallback((talkId: number) => contextPath('talk', subject, { talkId }), [subject]);

  // Live: records other people change reload the board's columns (a moved card changes column);
  // a burst of changes (an import, an automation) reloads once, 300 ms after the last.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    const event = data as Partial<TalkUpdatesEvent>;
    if (event.subject !== subject) return;
    if (event.accountId !== undefined && event.accountId === session?.user.accountId) return;
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => {
      void readAgain(client, { queryKey: boardKey(subject) });
    }, 300);
  });
  // Back from a cut connection: what changed meanwhile was never pushed.
  useRealtimeResync(() => void readAgain(client, { queryKey: boardKey(subject) }), {
    firstOpen: false,
  });
  useRecordTagsLive(subject, (push: TalkTagPush) =>
    updateCards(client, subject, push.talkId, (t) => ({ ...t, tags: push.tags })),
  );

  const move = useCallback(
    (talk: ApiTalk, from: string, to: string) => {
      const target = columns.find((c) => c.key === to);
      if (!attribute || !target || from === to) return;
      const fromKey = columnKey(subject, attributeId, from, base);
      const toKey = columnKey(subject, attributeId, to, base);
      const before = {
        from: client.getQueryData<ColumnPages>(fromKey),
        to: client.getQueryData<ColumnPages>(toKey),
      };
      const moved: ApiTalk = {
        ...talk,
        talkValues: [
          ...talk.talkValues.filter((v) => v.subjectAttributeId !== attributeId),
          {
            subjectAttributeId: attributeId,
            subjectAttributeIdentifier: attribute.subjectAttributeIdentifier,
            value: target.value,
            displayValue: target.optionId ? target.label : null,
          },
        ],
      };
      void client.cancelQueries({ queryKey: fromKey });
      void client.cancelQueries({ queryKey: toKey });
      client.setQueryData<ColumnPages>(fromKey, (old) => withoutCard(old, talk.talkId));
      client.setQueryData<ColumnPages>(toKey, (old) => withCard(old, moved));
      updateTalk(subject, talk.talkId, talk.version, [
        { subjectAttributeId: attributeId, value: target.value },
      ])
        .then((updated) => {
          client.setQueryData<ColumnPages>(toKey, (old) => withCard(old, updated));
          client.setQueryData(['talk', subject, updated.talkId], updated);
          void client.invalidateQueries({ queryKey: ['talks', subject] });
          notifySuccess(text.moved(cardName(talk), target.label));
        })
        .catch((err: unknown) => {
          client.setQueryData(fromKey, before.from);
          client.setQueryData(toKey, before.to);
          if (err instanceof ApiError && err.status === 409) {
            notifyError(text.moveStale);
            void client.invalidateQueries({ queryKey: boardKey(subject) });
          } else if (
            err instanceof ApiError &&
            err.errors.length > 0 &&
            err.status !== 0 &&
            err.status < 500
          ) {
            showSyncErrors(err);
          } else notifyError(text.moveFailed);
        });
    },
    [attribute, attributeId, base, client, columns, showSyncErrors, subject],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const labelOf = (id: unknown) => columns.find((c) => c.key === id)?.label ?? '';
  const nameOf = (data: unknown) => (data as CardDragData | undefined)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      text.announce.start(
        nameOf(a.data.current),
        labelOf((a.data.current as CardDragData | undefined)?.from),
      ),
    onDragOver: ({ active: a, over }) =>
      over
        ? text.announce.over(nameOf(a.data.current), labelOf(over.id))
        : text.announce.outside(nameOf(a.data.current)),
    onDragEnd: ({ active: a, over }) =>
      over
        ? text.announce.end(nameOf(a.data.current), labelOf(over.id))
        : text.announce.cancel(nameOf(a.data.current)),
    onDragCancel: ({ active: a }) => text.announce.cancel(nameOf(a.data.current)),
  };
  const onDragStart = (e: DragStartEvent) =>
    setActive((e.active.data.current as CardDragData | undefined) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const data = e.active.data.current as CardDragData | undefined;
    if (!data || !e.over) return;
    move(data.talk, data.from, String(e.over.id));
  };

  if (!attribute) return <BoardLoading />;
  if (isSelect && options.isPending) return <BoardLoading />;
  if (isSelect && options.isError)
    return (
      <Alert color="red" role="alert" title={text.optionsError}>
        <Button variant="light" color="red" size="xs" onClick={() => void options.refetch()}>
          {text.retry}
        </Button>
      </Alert>
    );

  return (
    <div className="board-screen">
      <Group gap="sm" align="end" className="board-toolbar">
        {candidates.length > 1 && (
          <Select
            size="xs"
            label={text.groupBy}
            data={candidates.map((a) => ({
              value: a.subjectAttributeIdentifier.toLowerCase(),
              label: a.name,
            }))}
            value={attribute.subjectAttributeIdentifier.toLowerCase()}
            allowDeselect={false}
            onChange={(value) => {
              if (value)
                void navigate(
                  contextPath('board', route.subject, {
                    templateId: route.templateId,
                    filterIds: route.filterIds,
                    menuId: route.menuId,
                    isActive: route.isActive,
                    by: value,
                  }),
                );
            }}
            w={220}
          />
        )}
        {options.data && options.data.total > options.data.options.length && (
          <Text size="xs" c="dimmed">
            {text.tooManyOptions(options.data.options.length)}
          </Text>
        )}
      </Group>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragInstructions } }}
      >
        <div
          className="board-columns"
          role="region"
          aria-label={text.board(context.subject.subjectName, attribute.name)}
          tabIndex={-1}
        >
          {columns.map((column) => (
            <BoardColumnView
              key={column.key}
              subject={subject}
              attributeId={attributeId}
              base={base}
              column={column}
              columns={columns}
              fields={fields}
              activeId={active?.talk.talkId ?? null}
              canMove={canMove}
              hrefOf={hrefOf}
              onMove={move}
              onNew={canCreate ? (c) => setModal({ column: c }) : undefined}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <Paper shadow="md" className="board-overlay">
              <CardPreview talk={active.talk} fields={fields} href={hrefOf(active.talk.talkId)} />
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      <DeferredDialog open={modal !== null}>
        {(ready) => (
          <RecordFormModal
            context={context}
            modal={modal ? { talkId: 0 } : null}
            ready={ready}
            preset={
              modal
                ? {
                    subjectAttributeId: attributeId,
                    value: modal.column.value,
                    displayName: modal.column.optionId ? modal.column.label : undefined,
                  }
                : undefined
            }
            onClose={() => {
              setModal(null);
              void client.invalidateQueries({ queryKey: boardKey(subject) });
            }}
          />
        )}
      </DeferredDialog>
      {syncDialog}
    </div>
  );
}
