import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Pagination,
  Select,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks, TalkUpdatesEvent } from '@talkbase/domain/contracts/talks';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useSession } from '../../session/useSession.ts';
import { GridTagPicker } from '../../tags/GridTagPicker.tsx';
import { useTalkTagsLive } from '../../tags/useTalkTagsLive.ts';
import { tagsText } from '../../../i18n/tags.ts';
import { contextPath } from '../context-route.ts';
import { useRecordActions } from '../actions/useRecordActions.tsx';
import { notifyError, notifySuccess, useSyncErrorDialog } from '../feedback.tsx';
import { fieldAccess, isFileAttribute, talkValuesToSave } from '../form/field-rules.ts';
import { RecordForm } from '../form/RecordForm.tsx';
import { createTalk, fetchSavedFilters, filterTalks, updateTalk } from '../records-api.ts';
import {
  GridBody,
  SELECT_WIDTH,
  type EditingCell,
  type GridLayout,
  type GridRow,
  type NewRow,
  type RowApi,
  type RowState,
} from './GridBody.tsx';
import { gridColumns, LARGE_PAGE_SIZES, nextTempId, PAGE_SIZES, type GridColumn } from './grid-columns.ts';
import {
  INITIAL_POSITION,
  loadPosition,
  positionKey,
  savePosition,
  type GridPosition,
} from './grid-position.ts';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;
const ID_WIDTH = 90;
const ACTIONS_WIDTH = 96;
const TAGS_WIDTH = 180;
const MIN_GRID_HEIGHT = 320;
/** Below the grid: its footer (range, page size, pages) and the page's bottom padding. */
const FOOTER_SPACE = 72;

const features = tableFeatures({});

export interface RecordsGridProps {
  context: ContextResponse;
  isActive: boolean;
  templateId: number | undefined;
  routeFilterIds: number[];
}

/** The grid scenario (spec 002 §2 "Grid", §8, §9). */
export function RecordsGrid({ context, isActive, templateId, routeFilterIds }: RecordsGridProps) {
  const subject = context.subject.subjectIdentifier;
  const actions = context.subject.actions;
  const session = useSession();
  const queryClient = useQueryClient();
  const storageKey = positionKey(subject, context.template?.templateId ?? templateId, isActive);
  const [position, setPosition] = useState<GridPosition>(() => {
    const stored = loadPosition(storageKey);
    return routeFilterIds.length > 0 ? { ...stored, filterIds: routeFilterIds, page: 1 } : stored;
  });
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [termInput, setTermInput] = useState(position.term);
  // The quick search asks the server 300 ms after typing stops (002 §9).
  const searchSoon = useDebouncedCallback((value: string) => {
    setPosition((p) => (p.term === value.trim() ? p : { ...p, term: value.trim(), page: 1 }));
  }, 300);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rowStates, setRowStates] = useState<ReadonlyMap<string, RowState>>(new Map());
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [newRows, setNewRows] = useState<NewRow[]>([]);
  const [newRowErrors, setNewRowErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [modal, setModal] = useState<{ talkId: number } | null>(null);
  const [othersChanged, setOthersChanged] = useState(false);
  // Filtering by tag (the tags list is an administrators' call: only they get the picker).
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [syncDialog, showSyncErrors] = useSyncErrorDialog();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [gridHeight, setGridHeight] = useState(480);
  // The grid fills the window below its toolbar (which may wrap), leaving room for the footer.
  useLayoutEffect(() => {
    const fit = () => {
      const grid = scrollRef.current;
      if (!grid) return;
      const top = grid.getBoundingClientRect().top + window.scrollY;
      setGridHeight(Math.max(MIN_GRID_HEIGHT, window.innerHeight - top - FOOTER_SPACE));
    };
    fit();
    const toolbar = toolbarRef.current;
    const observer = toolbar ? new ResizeObserver(fit) : undefined;
    if (toolbar) observer?.observe(toolbar);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [othersChanged]);

  // The scroll offset is remembered without re-rendering: kept in a ref, saved when the user
  // pauses and when the grid goes away.
  const [initialScrollTop] = useState(position.scrollTop);
  const scrollTopRef = useRef(position.scrollTop);
  const positionRef = useRef(position);
  const saveTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    positionRef.current = position;
    savePosition(storageKey, { ...position, scrollTop: scrollTopRef.current });
  }, [storageKey, position]);
  useEffect(
    () => () => {
      window.clearTimeout(saveTimer.current);
      savePosition(storageKey, { ...positionRef.current, scrollTop: scrollTopRef.current });
    },
    [storageKey],
  );
  const rememberScroll = (top: number) => {
    scrollTopRef.current = top;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(
      () => savePosition(storageKey, { ...positionRef.current, scrollTop: scrollTopRef.current }),
      400,
    );
  };

  const columns = useMemo(
    () => gridColumns(context.template, context.subject.subjectAttributes),
    [context.template, context.subject.subjectAttributes],
  );
  const showId = context.template?.showTalkIdOnGrid ?? true;

  const filters = useQuery({
    queryKey: ['saved-filters', subject],
    queryFn: ({ signal }) => fetchSavedFilters(subject, signal),
    staleTime: 60_000,
  });

  const body = {
    isActive,
    page: position.page,
    fetch: position.pageSize,
    scenario: 'grid',
    filterIds: position.filterIds,
    ...(tagIds.length > 0 ? { tagIds } : {}),
    ...(position.term ? { term: position.term } : {}),
    ...(position.order ? { order: position.order } : {}),
  };
  const page = useQuery({
    queryKey: ['talks', subject, body],
    queryFn: ({ signal }) => filterTalks(subject, body, signal),
    placeholderData: keepPreviousData,
  });
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

  // Tags change in place; a grid filtered by tag reloads, since the record may join or leave it.
  useTalkTagsLive(subject, () => {
    if (tagIds.length > 0) void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
  });

  const refresh = async () => {
    setOthersChanged(false);
    await queryClient.invalidateQueries({ queryKey: ['talks', subject] });
  };

  const rows: GridRow[] = useMemo(() => {
    const fresh = newRows.map((r): GridRow => ({
      key: `n${r.tempId}`,
      talkId: r.tempId,
      isNew: true,
      talk: undefined,
      values: r.values,
    }));
    const saved = (page.data?.itens ?? []).map((talk): GridRow => ({
      key: `t${talk.talkId}`,
      talkId: talk.talkId,
      isNew: false,
      talk,
      values: new Map(talk.talkValues.map((v) => [v.subjectAttributeId, v.value])),
    }));
    return [...fresh, ...saved];
  }, [newRows, page.data]);

  const pageIds = useMemo(() => (page.data?.itens ?? []).map((r) => r.talkId), [page.data]);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const setRowState = (key: string, state: RowState | null) =>
    setRowStates((prev) => {
      const next = new Map(prev);
      if (state) next.set(key, state);
      else next.delete(key);
      return next;
    });

  // ---- cell editing -------------------------------------------------------------------------
  const cellAccess = (row: GridRow, column: GridColumn) =>
    fieldAccess(column.attribute, {
      isNew: row.isNew,
      value: row.values.get(column.attribute.subjectAttributeId),
      recordReadOnly: row.talk?.isReadOnly ?? false,
    });
  const canEditCell = (row: GridRow, column: GridColumn) =>
    !isFileAttribute(column.attribute) &&
    (row.isNew ? actions.Create : actions.Update) &&
    !cellAccess(row, column).readOnly;

  const startEdit = (row: GridRow, column: GridColumn) => {
    if (row.isNew || !canEditCell(row, column) || rowStates.get(row.key) === 'syncing') return;
    if (editing) {
      // Another cell is open: this gesture saves it (or shows why it cannot be saved); the next
      // one opens the new cell.
      if (editing.rowKey !== row.key || editing.attributeId !== column.attribute.subjectAttributeId)
        commitSoon();
      return;
    }
    setEditing({
      rowKey: row.key,
      attributeId: column.attribute.subjectAttributeId,
      value: row.values.get(column.attribute.subjectAttributeId) ?? null,
      inputError: undefined,
    });
    setRowState(row.key, 'editing');
  };

  const cancelEdit = () => {
    if (editing) setRowState(editing.rowKey, null);
    setEditing(null);
  };

  // Editors with a debounce emit on blur: a commit first takes the focus away, then reads the
  // latest value on the next tick.
  const editingRef = useRef(editing);
  useLayoutEffect(() => {
    editingRef.current = editing;
  });
  const commitSoon = () => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.setTimeout(() => void commitEdit(), 0);
  };

  const commitEdit = async () => {
    const current = editingRef.current;
    if (!current) return;
    const row = rows.find((r) => r.key === current.rowKey);
    const column = columns.find((c) => c.attribute.subjectAttributeId === current.attributeId);
    if (!row?.talk || !column) {
      cancelEdit();
      return;
    }
    const access = cellAccess(row, column);
    const problem =
      current.inputError ??
      validateValue({ ...column.attribute, isRequired: access.required }, current.value, {
        now: new Date(),
      })[0]?.message;
    if (problem) {
      showSyncErrors(new ApiError(400, [{ message: problem }]));
      return;
    }
    setEditing(null);
    const initial = new Map([[current.attributeId, row.values.get(current.attributeId)]]);
    const values = new Map([[current.attributeId, current.value]]);
    const talkValues = talkValuesToSave([column.attribute], values, initial, false);
    if (talkValues.length === 0) {
      setRowState(row.key, null);
      return;
    }
    setRowState(row.key, 'syncing');
    try {
      const updated = await updateTalk(subject, row.talkId, row.talk.version, talkValues);
      queryClient.setQueryData<PagedTalks>(['talks', subject, body], (old) =>
        old ? { ...old, itens: old.itens.map((t) => (t.talkId === updated.talkId ? updated : t)) } : old,
      );
      queryClient.setQueryData(['talk', subject, updated.talkId], updated);
      notifySuccess(text.messages.updated);
    } catch (err) {
      showSyncErrors(
        err instanceof ApiError && err.status === 409
          ? new ApiError(409, [{ message: text.messages.stale }])
          : err,
      );
    } finally {
      setRowState(row.key, null);
    }
  };

  // ---- new rows -----------------------------------------------------------------------------
  const addRow = () => {
    const tempId = nextTempId(newRows.map((r) => r.tempId));
    const values = new Map<number, unknown>();
    for (const a of context.subject.subjectAttributes)
      if (a.preSelect != null) values.set(a.subjectAttributeId, a.preSelect);
    setNewRows((prev) => [{ tempId, values }, ...prev]);
    scrollRef.current?.scrollTo({ top: 0 });
  };
  const setNewValue = (tempId: number, attributeId: number, value: unknown) =>
    setNewRows((prev) =>
      prev.map((r) =>
        r.tempId === tempId ? { ...r, values: new Map(r.values).set(attributeId, value) } : r,
      ),
    );
  const discardRow = (tempId: number) => setNewRows((prev) => prev.filter((r) => r.tempId !== tempId));

  const saveNewRow = async (row: NewRow) => {
    const key = `n${row.tempId}`;
    const attributes = context.subject.subjectAttributes;
    const problems = attributes.flatMap((a) => {
      if (a.isInternal || isFileAttribute(a) || !a.actions.create) return [];
      if (newRowErrors.has(`${key}:${a.subjectAttributeId}`))
        return [newRowErrors.get(`${key}:${a.subjectAttributeId}`) ?? ''];
      return validateValue(a, row.values.get(a.subjectAttributeId) ?? null, { now: new Date() }).map(
        (e) => e.message,
      );
    });
    if (problems.length > 0) {
      showSyncErrors(
        new ApiError(
          400,
          problems.map((message) => ({ message })),
        ),
      );
      return;
    }
    setRowState(key, 'syncing');
    try {
      await createTalk(
        subject,
        talkValuesToSave(attributes, row.values, new Map(), true),
        context.template?.templateId ?? null,
      );
      discardRow(row.tempId);
      notifySuccess(text.messages.inserted);
      try {
        await queryClient.refetchQueries({ queryKey: ['talks', subject] }, { throwOnError: true });
      } catch {
        notifyError(text.messages.reloadNeeded);
      }
    } catch (err) {
      showSyncErrors(err);
    } finally {
      setRowState(key, null);
    }
  };

  // ---- batch actions ------------------------------------------------------------------------
  const recordActions = useRecordActions(subject, async (kind, ids) => {
    if (kind !== 'delete') {
      // Batch (de)activation removes the rows from this list and reduces the total (002 §4).
      queryClient.setQueryData<PagedTalks>(['talks', subject, body], (old) =>
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

  // ---- table model --------------------------------------------------------------------------
  const tableColumns = useMemo<ColumnDef<typeof features, GridRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        header: column.label,
        accessorFn: (row: GridRow) => row.values.get(column.attribute.subjectAttributeId),
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows,
    getRowId: (row: GridRow) => row.key,
  });

  const widths = [
    SELECT_WIDTH,
    ...(showId ? [ID_WIDTH] : []),
    ...columns.map((c) => c.width),
    TAGS_WIDTH,
    ACTIONS_WIDTH,
  ];
  const template = widths.map((w) => `${w}px`).join(' ');
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  const fixedOffsets = useMemo(() => {
    const offsets = new Map<string, number>();
    let left = SELECT_WIDTH + (showId ? ID_WIDTH : 0);
    for (const c of columns) {
      if (!c.fixed) break;
      offsets.set(c.key, left);
      left += c.width;
    }
    return offsets;
  }, [columns, showId]);

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

  const layout = useMemo<GridLayout>(
    () => ({ columns, template, totalWidth, fixedOffsets, showId, subject }),
    [columns, template, totalWidth, fixedOffsets, showId, subject],
  );

  // Rows get one stable object; its functions call this render's handlers.
  const handlers = {
    canEdit: canEditCell,
    required: (row: GridRow, column: GridColumn) => cellAccess(row, column).required,
    startEdit,
    cancelEdit,
    commitSoon,
    setEditValue: (value: unknown) => setEditing((e) => (e ? { ...e, value } : e)),
    setEditError: (message: string | undefined) =>
      setEditing((e) => (e && e.inputError !== message ? { ...e, inputError: message } : e)),
    setNewValue,
    setNewError: (key: string, message: string | undefined) =>
      setNewRowErrors((prev) => {
        if (prev.get(key) === message) return prev;
        const next = new Map(prev);
        if (message === undefined) next.delete(key);
        else next.set(key, message);
        return next;
      }),
    toggle: (talkId: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(talkId)) next.delete(talkId);
        else next.add(talkId);
        return next;
      }),
    saveNewRow: (row: NewRow) => void saveNewRow(row),
    discardRow,
    edit: (talkId: number) => setModal({ talkId }),
    linkTo: (talkId: number) => contextPath('talk', subject, { talkId }),
  } satisfies RowApi;
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });
  const [rowApi] = useState<RowApi>(() => ({
    canEdit: (row, column) => handlersRef.current.canEdit(row, column),
    required: (row, column) => handlersRef.current.required(row, column),
    startEdit: (row, column) => handlersRef.current.startEdit(row, column),
    cancelEdit: () => handlersRef.current.cancelEdit(),
    commitSoon: () => handlersRef.current.commitSoon(),
    setEditValue: (value) => handlersRef.current.setEditValue(value),
    setEditError: (message) => handlersRef.current.setEditError(message),
    setNewValue: (tempId, attributeId, value) => handlersRef.current.setNewValue(tempId, attributeId, value),
    setNewError: (key, message) => handlersRef.current.setNewError(key, message),
    toggle: (talkId) => handlersRef.current.toggle(talkId),
    saveNewRow: (row) => handlersRef.current.saveNewRow(row),
    discardRow: (tempId) => handlersRef.current.discardRow(tempId),
    edit: (talkId) => handlersRef.current.edit(talkId),
    linkTo: (talkId) => handlersRef.current.linkTo(talkId),
  }));

  const pageSizes = [...PAGE_SIZES, ...(position.largePages ? LARGE_PAGE_SIZES : [])].map(String);
  const resetGrid = () => {
    setTermInput('');
    setTagIds([]);
    setSelected(new Set());
    setPosition({ ...INITIAL_POSITION, largePages: true });
    scrollRef.current?.scrollTo({ top: 0 });
  };

  const from = total === 0 ? 0 : (position.page - 1) * position.pageSize + 1;
  const to = Math.min(total, position.page * position.pageSize);
  const selectedIds = [...selected];
  const filterOptions = (filters.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }));

  return (
    <div className="records-grid-screen">
      <Group className="grid-toolbar" gap="sm" wrap="wrap" align="flex-end" ref={toolbarRef}>
        <TextInput
          label={text.grid.search}
          placeholder={text.grid.searchPlaceholder}
          leftSection={<Icon name="search" size="1.1em" />}
          value={termInput}
          onChange={(e) => {
            setTermInput(e.currentTarget.value);
            searchSoon(e.currentTarget.value);
          }}
          maxLength={200}
          w={240}
        />
        <MultiSelect
          label={text.grid.filters}
          placeholder={position.filterIds.length === 0 ? text.grid.filtersPlaceholder : undefined}
          data={filterOptions}
          value={position.filterIds.map(String).filter((id) => filterOptions.some((o) => o.value === id))}
          onChange={(ids) => setPosition((p) => ({ ...p, filterIds: ids.map(Number), page: 1 }))}
          nothingFoundMessage={text.grid.noFilters}
          clearable
          searchable
          w={280}
        />
        {session?.user.isAdmin && (
          <GridTagPicker
            value={tagIds}
            onChange={(ids) => {
              setTagIds(ids);
              setPosition((p) => ({ ...p, page: 1 }));
            }}
          />
        )}
        <Group gap="xs" ml="auto">
          {actions.Create && (
            <>
              <Button
                variant="light"
                leftSection={<Icon name="add_row_above" size="1.1em" />}
                onClick={addRow}
              >
                {text.grid.newRow}
              </Button>
              <Button leftSection={<Icon name="add" size="1.1em" />} onClick={() => setModal({ talkId: 0 })}>
                {text.grid.newRecord}
              </Button>
            </>
          )}
          {actions.Deactivate && (
            <Button
              variant="default"
              disabled={selected.size === 0}
              onClick={() => recordActions.ask(isActive ? 'deactivate' : 'activate', selectedIds)}
            >
              {isActive ? text.grid.deactivate : text.grid.activate}
            </Button>
          )}
          {actions.Delete && (
            <Button
              color="red"
              variant="light"
              disabled={selected.size === 0}
              onClick={() => recordActions.ask('delete', selectedIds)}
            >
              {text.grid.delete}
            </Button>
          )}
          <Tooltip label={text.grid.reset}>
            <ActionIcon variant="default" size="lg" aria-label={text.grid.reset} onClick={resetGrid}>
              <Icon name="restart_alt" size="1.2em" />
            </ActionIcon>
          </Tooltip>
          <Button
            component={Link}
            variant="subtle"
            to={contextPath('grid', subject, { templateId, filterIds: routeFilterIds, isActive: !isActive })}
          >
            {isActive ? text.grid.showDeactivated : text.grid.showActive}
          </Button>
        </Group>
      </Group>

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
          onScroll={(e) => rememberScroll(e.currentTarget.scrollTop)}
        >
          <div
            className="grid-header"
            role="row"
            aria-rowindex={1}
            style={{ gridTemplateColumns: template, width: totalWidth }}
          >
            <div role="columnheader" className="grid-cell grid-fixed" style={{ left: 0 }}>
              <Checkbox
                aria-label={text.grid.selectAll}
                checked={allSelected}
                indeterminate={!allSelected && pageIds.some((id) => selected.has(id))}
                onChange={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
              />
            </div>
            {showId && (
              <div role="columnheader" className="grid-cell grid-fixed" style={{ left: SELECT_WIDTH }}>
                {text.grid.id}
              </div>
            )}
            {table.getHeaderGroups()[0]?.headers.map((header) => {
              const column = columns.find((c) => c.key === header.id);
              if (!column) return null;
              const sorted =
                position.order?.attribute === column.attribute.identifier
                  ? position.order.direction
                  : undefined;
              const left = fixedOffsets.get(column.key);
              return (
                <div
                  key={header.id}
                  role="columnheader"
                  aria-sort={sorted === undefined ? undefined : sorted === 1 ? 'ascending' : 'descending'}
                  className={`grid-cell${left !== undefined ? ' grid-fixed' : ''}`}
                  style={left !== undefined ? { left } : undefined}
                  title={column.attribute.tooltip ?? column.label}
                >
                  {column.orderable ? (
                    <button
                      type="button"
                      className="grid-sort"
                      onClick={() => sortBy(column)}
                      aria-label={text.grid.sortBy(column.label)}
                    >
                      <span className="grid-header-label">{column.label}</span>
                      <Icon
                        name={sorted === 1 ? 'arrow_upward' : sorted === 0 ? 'arrow_downward' : 'unfold_more'}
                        size="1em"
                      />
                    </button>
                  ) : (
                    <span className="grid-header-label">{column.label}</span>
                  )}
                </div>
              );
            })}
            <div role="columnheader" className="grid-cell">
              <span className="grid-header-label">{tagsText.records.column}</span>
            </div>
            <div role="columnheader" className="grid-cell">
              <span className="visually-hidden">{text.grid.actions}</span>
            </div>
          </div>
          {page.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
              <Text c="dimmed">{text.grid.loading}</Text>
            </Group>
          ) : rows.length === 0 ? (
            <Text c="dimmed" p="xl" ta="center" className="grid-empty">
              {position.term || position.filterIds.length > 0 || tagIds.length > 0
                ? text.grid.emptyFiltered
                : text.grid.empty}
            </Text>
          ) : (
            <GridBody
              rows={rows}
              scrollRef={scrollRef}
              initialOffset={initialScrollTop}
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

      <Group className="grid-footer" justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {text.grid.range(from, to, total)}
          {selected.size > 0 && ` · ${text.grid.selected(selected.size)}`}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={text.grid.pageSize}
            data={pageSizes}
            value={String(position.pageSize)}
            onChange={(v) => v && setPosition((p) => ({ ...p, pageSize: Number(v), page: 1 }))}
            allowDeselect={false}
            w={90}
            size="xs"
          />
          <Pagination
            total={lastPage}
            value={Math.min(position.page, lastPage)}
            onChange={(n) => {
              scrollTopRef.current = 0;
              setPosition((p) => ({ ...p, page: n }));
              scrollRef.current?.scrollTo({ top: 0 });
            }}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label':
                control === 'next'
                  ? 'Próxima página'
                  : control === 'previous'
                    ? 'Página anterior'
                    : control === 'first'
                      ? 'Primeira página'
                      : 'Última página',
            })}
          />
        </Group>
      </Group>

      {recordActions.modals}

      <Modal
        opened={modal !== null}
        onClose={() => setModal(null)}
        size={1080}
        title={
          modal && modal.talkId > 0
            ? text.modals.editTitle(modal.talkId)
            : text.modals.newTitle(context.subject.subjectName)
        }
      >
        {modal && (
          <RecordForm
            context={context}
            talkId={modal.talkId}
            onCancel={() => setModal(null)}
            onSaved={() => setModal(null)}
            onDeleted={() => setModal(null)}
          />
        )}
      </Modal>
      {syncDialog}
    </div>
  );
}
