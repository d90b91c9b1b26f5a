import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks, TalkUpdatesEvent } from '@talkbase/domain/contracts/talks';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { DeferredDialog } from '../../../ui/DeferredDialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { notify } from '../../notices/notices-store.ts';
import { useRealtimeEvent, useRealtimeResync } from '../../realtime/useRealtimeEvent.ts';
import { useSession } from '../../session/useSession.ts';
import { loadFormRules, useRecordTagsLive, useSlaColumn } from '../slots.ts';
import { contextPath } from '../context-route.ts';
import { useRecordActions } from '../actions/useRecordActions.tsx';
import { useSyncErrorDialog } from '../feedback.tsx';
import { filterTalks } from '../records-api.ts';
import { GridBody, SELECT_WIDTH, type GridLayout } from './GridBody.tsx';
import { GridFooter } from './GridFooter.tsx';
import { GridHeader } from './GridHeader.tsx';
import { GridToolbar, type GridFilterTree } from './GridToolbar.tsx';
import { gridColumns, systemColumn, type GridColumn } from './grid-columns.ts';
import { SystemColumnsMenu, useSystemColumns } from './SystemColumnsMenu.tsx';
import { positionKey } from './grid-position.ts';
import { useRecordPreload } from './useRecordPreload.ts';
import { useGridEditing } from './useGridEditing.ts';
import { useGridHeight, useGridPosition } from './useGridPosition.ts';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;

// The 'Editar'/'Novo' modal and its form load when the modal first opens, not with the grid.
const RecordFormModal = lazy(() =>
  Promise.all([import('./RecordFormModal.tsx'), loadFormRules()]).then(([m]) => ({
    default: m.RecordFormModal,
  })),
);

/** Whether a page read again differs from the one shown: other rows, other versions or another total. */
export function pageChanged(shown: PagedTalks, fresh: PagedTalks): boolean {
  if (shown.totalResults !== fresh.totalResults || shown.itens.length !== fresh.itens.length) return true;
  return shown.itens.some((t, i) => {
    const other = fresh.itens[i];
    return other?.talkId !== t.talkId || other.version !== t.version;
  });
}

const ID_WIDTH = 90;
const SLA_WIDTH = 130;
const ACTIONS_WIDTH = 96;
const TAGS_WIDTH = 180;

export interface RecordsGridProps {
  context: ContextResponse;
  isActive: boolean;
  templateId: number | undefined;
  routeFilterIds: number[];
  /** The menu item the grid was opened from: its saved filters apply through it. */
  routeMenuId?: number | undefined;
  /** A filter tree from the address (`where`: a dashboard's group), the grid's first 'Filtrar' rules. */
  routeWhere?: GridFilterTree | undefined;
}

/**
 * The grid scenario (spec 002 §2 "Grid", §8, §9): the page query and its live updates, the
 * selection and batch actions, the form modal. Position, editing, toolbar, header and footer
 * live in their own files beside this one.
 */
export function RecordsGrid({
  context,
  isActive,
  templateId,
  routeFilterIds,
  routeMenuId,
  routeWhere,
}: RecordsGridProps) {
  const subject = context.subject.subjectIdentifier;
  const session = useSession();
  const queryClient = useQueryClient();
  const storageKey = positionKey(subject, context.template?.templateId ?? templateId, isActive);
  const grid = useGridPosition(storageKey, routeFilterIds);
  const { position, setPosition } = grid;
  const toolbarRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [modal, setModal] = useState<{ talkId: number } | null>(null);
  const [othersChanged, setOthersChanged] = useState(false);
  // Filtering by tag (the tags list is an administrators' call: only they get the picker).
  const [tagIds, setTagIds] = useState<number[]>([]);
  // The rules built in 'Filtrar' (features/filters/GridFilterTools), AND-ed with the saved filters.
  const [filterTree, setFilterTree] = useState<GridFilterTree | null>(routeWhere ?? null);
  const [syncDialog, showSyncErrors] = useSyncErrorDialog();
  const gridHeight = useGridHeight(scrollRef, toolbarRef, othersChanged);

  // The template's columns, then the system columns the user chose (Criado em, Criado por…).
  const [systemNames, setSystemNames] = useSystemColumns(subject);
  const columns = useMemo(
    () => [
      ...gridColumns(context.template, context.subject.subjectAttributes),
      ...systemNames.map((name) => systemColumn(name, text.grid.systemColumnLabels[name])),
    ],
    [context.template, context.subject.subjectAttributes, systemNames],
  );
  const showId = context.template?.showTalkIdOnGrid ?? true;
  const showSla = useSlaColumn(subject);

  const body = {
    isActive,
    page: position.page,
    fetch: position.pageSize,
    scenario: 'grid',
    filterIds: position.filterIds,
    ...(routeMenuId && position.filterIds.length > 0 ? { menuId: routeMenuId } : {}),
    ...(tagIds.length > 0 ? { tagIds } : {}),
    ...(filterTree ? { filterJson: filterTree } : {}),
    ...(position.term ? { term: position.term } : {}),
    ...(position.order ? { order: position.order } : {}),
  };
  const pageKey = ['talks', subject, body];
  const page = useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) => filterTalks(subject, body, signal),
    placeholderData: keepPreviousData,
  });
  // A saved filter the server refuses (removed, or no longer readable: issue 39 item 2) would fail
  // every load and be remembered: it is dropped with a notice, and the rows load without it.
  const refusedFilter =
    page.error instanceof ApiError &&
    page.error.status === 400 &&
    page.error.errors.some((e) => e.field === 'filterIds');
  const hasFilters = position.filterIds.length > 0;
  useEffect(() => {
    if (!refusedFilter || !hasFilters) return;
    setPosition((p) => ({ ...p, filterIds: [], page: 1 }));
    notify({ kind: 'alert', title: text.grid.filterDropped, durationMs: 10_000 });
  }, [refusedFilter, hasFilters, setPosition]);
  const total = page.data?.totalResults ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / position.pageSize));

  // A page past the end (records removed meanwhile) goes back to the last one.
  if (page.data && !page.isPlaceholderData && position.page > lastPage) {
    setPosition((p) => ({ ...p, page: lastPage }));
  }

  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    const event = data as Partial<TalkUpdatesEvent>;
    if (event.subject !== subject) return;
    if (event.accountId !== undefined && event.accountId === session?.user.accountId) return;
    setOthersChanged(true);
  });
  // Back from a cut connection: what others changed meanwhile was never pushed. The page is read
  // again beside the one shown (an edit in progress stays as it is) and, if its rows, their
  // versions or the total differ, the notice says others changed records, as a push would have.
  useRealtimeResync(
    () => {
      const shown = page.data;
      if (!shown || othersChanged) return;
      filterTalks(subject, body).then(
        (fresh) => {
          if (pageChanged(shown, fresh)) setOthersChanged(true);
        },
        () => undefined,
      );
    },
    { firstOpen: false },
  );

  // Tags change in place; a grid filtered by tag reloads, since the record may join or leave it.
  useRecordTagsLive(subject, () => {
    if (tagIds.length > 0) void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
  });

  const refresh = async () => {
    setOthersChanged(false);
    await queryClient.invalidateQueries({ queryKey: ['talks', subject] });
  };

  const { rows, newRows, rowStates, editing, addRow, rowApi } = useGridEditing({
    context,
    columns,
    page: page.data,
    pageKey,
    scrollRef,
    showSyncErrors,
    toggle: (talkId) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(talkId)) next.delete(talkId);
        else next.add(talkId);
        return next;
      }),
    edit: (talkId) => setModal({ talkId }),
    linkTo: (talkId) => contextPath('talk', subject, { talkId }),
  });

  // Opening a record from this grid finds its code, context and data fetched ahead (issue 36 item 5).
  useRecordPreload(scrollRef, subject, page.data !== undefined);
  const pageIds = useMemo(() => (page.data?.itens ?? []).map((r) => r.talkId), [page.data]);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  // ---- batch actions ------------------------------------------------------------------------
  const recordActions = useRecordActions(subject, async (kind, ids) => {
    if (kind !== 'delete') {
      // Batch (de)activation removes the rows from this list and reduces the total (002 §4).
      queryClient.setQueryData<PagedTalks>(pageKey, (old) =>
        old
          ? {
              ...old,
              itens: old.itens.filter((r) => !ids.includes(r.talkId)),
              totalResults: Math.max(0, old.totalResults - ids.length),
            }
          : old,
      );
    }
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: ['talks', subject] });
  });

  // ---- layout -------------------------------------------------------------------------------
  const widths = [
    SELECT_WIDTH,
    ...(showId ? [ID_WIDTH] : []),
    ...(showSla ? [SLA_WIDTH] : []),
    ...columns.map((c) => c.width),
    TAGS_WIDTH,
    ACTIONS_WIDTH,
  ];
  const template = widths.map((w) => `${w}px`).join(' ');
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  const layout = useMemo<GridLayout>(() => {
    // Fixed columns come first (gridColumns) and stick at the left edge, after select, id and SLA.
    const fixedOffsets = new Map<string, number>();
    const starts: number[] = [];
    const slaLeft = SELECT_WIDTH + (showId ? ID_WIDTH : 0);
    let left = slaLeft + (showSla ? SLA_WIDTH : 0);
    let fixedCount = 0;
    for (const c of columns) {
      if (c.fixed && fixedCount === starts.length) {
        fixedOffsets.set(c.key, left);
        fixedCount++;
      }
      starts.push(left);
      left += c.width;
    }
    // What stays at the left edge ends where the first scrolling column starts.
    const leadWidth = starts[fixedCount] ?? left;
    const sla = showSla ? slaLeft : null;
    return {
      columns,
      template,
      totalWidth,
      fixedOffsets,
      starts,
      fixedCount,
      leadWidth,
      showId,
      sla,
      subject,
    };
  }, [columns, template, totalWidth, showId, showSla, subject]);

  const sortBy = (column: GridColumn) => {
    if (!column.orderable) return;
    setPosition((p) => {
      const same = p.order?.attribute === column.attribute.identifier;
      const order = !same
        ? ({ attribute: column.attribute.identifier, direction: 1 } as const)
        : p.order?.direction === 1
          ? ({ attribute: column.attribute.identifier, direction: 0 } as const)
          : null;
      return { ...p, order, page: 1 };
    });
  };

  const resetGrid = () => {
    grid.reset();
    setTagIds([]);
    setFilterTree(null);
    setSelected(new Set());
    scrollRef.current?.scrollTo({ top: 0 });
  };

  return (
    <div className="records-grid-screen">
      <GridToolbar
        toolbarRef={toolbarRef}
        subject={subject}
        actions={context.subject.actions}
        isActive={isActive}
        templateId={templateId}
        routeFilterIds={routeFilterIds}
        routeMenuId={routeMenuId}
        termInput={grid.termInput}
        onTerm={grid.typeTerm}
        filterIds={position.filterIds}
        onFilters={(ids) => setPosition((p) => ({ ...p, filterIds: ids, page: 1 }))}
        filterTree={filterTree}
        onFilterTree={(tree) => {
          setFilterTree(tree);
          setPosition((p) => ({ ...p, page: 1 }));
        }}
        tagIds={tagIds}
        {...(position.order ? { order: position.order } : {})}
        onTags={(ids) => {
          setTagIds(ids);
          setPosition((p) => ({ ...p, page: 1 }));
        }}
        selectedIds={[...selected]}
        onAddRow={addRow}
        onNewRecord={() => setModal({ talkId: 0 })}
        onAsk={recordActions.ask}
        onReset={resetGrid}
        systemColumns={systemNames}
        columnChooser={<SystemColumnsMenu value={systemNames} onChange={setSystemNames} />}
      />

      {othersChanged && (
        <Alert color="blue" className="grid-refresh" role="status" icon={<Icon name="sync" />}>
          <Group justify="space-between">
            <Text size="sm">{text.grid.otherUserChanged}</Text>
            <Button size="xs" onClick={() => void refresh()}>
              {text.grid.refresh}
            </Button>
          </Group>
        </Alert>
      )}

      {page.isError && !page.data ? (
        <Alert color="red" role="alert" title={text.loadError}>
          <Button variant="light" color="red" mt="sm" onClick={() => void page.refetch()}>
            {text.retry}
          </Button>
        </Alert>
      ) : (
        <div
          className="grid-scroll"
          ref={scrollRef}
          style={{ height: gridHeight }}
          role="grid"
          aria-label={text.grid.label(context.subject.subjectName)}
          aria-rowcount={total + newRows.length + 1}
          aria-colcount={widths.length}
          aria-busy={page.isFetching}
          onScroll={(e) => grid.rememberScroll(e.currentTarget.scrollTop)}
        >
          <GridHeader
            layout={layout}
            order={position.order}
            onSort={sortBy}
            allSelected={allSelected}
            someSelected={pageIds.some((id) => selected.has(id))}
            onToggleAll={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
          />
          {page.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
              <Text c="dimmed">{text.grid.loading}</Text>
            </Group>
          ) : rows.length === 0 ? (
            <Text c="dimmed" p="xl" ta="center" className="grid-empty">
              {position.term || position.filterIds.length > 0 || tagIds.length > 0 || filterTree
                ? text.grid.emptyFiltered
                : text.grid.empty}
            </Text>
          ) : (
            <GridBody
              rows={rows}
              scrollRef={scrollRef}
              initialOffset={grid.initialScrollTop}
              viewportHeight={gridHeight}
              layout={layout}
              rowStates={rowStates}
              selected={selected}
              editing={editing}
              newRows={newRows}
              api={rowApi}
            />
          )}
        </div>
      )}

      <GridFooter
        position={position}
        total={total}
        lastPage={lastPage}
        selectedCount={selected.size}
        onPageSize={(pageSize) => setPosition((p) => ({ ...p, pageSize, page: 1 }))}
        onPage={(n) => {
          grid.goToPage(n);
          scrollRef.current?.scrollTo({ top: 0 });
        }}
      />

      {recordActions.modals}

      <DeferredDialog open={modal !== null}>
        {(ready) => (
          <RecordFormModal context={context} modal={modal} ready={ready} onClose={() => setModal(null)} />
        )}
      </DeferredDialog>
      {syncDialog}
    </div>
  );
}
