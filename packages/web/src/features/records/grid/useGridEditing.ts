import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { ApiError } from '../../../api/client.ts';
import { recordsText } from '../../../i18n/records.ts';
import { notifyError, notifySuccess } from '../feedback.tsx';
import { fieldAccess, isFileAttribute, talkValuesToSave } from '../form/field-rules.ts';
import { createTalk, updateTalk } from '../records-api.ts';
import { cellElement, editorTarget, focusEditor } from './cell-focus.ts';
import type { AfterCommit, EditingCell, GridRow, NewRow, RowApi, RowState } from './GridBody.tsx';
import { nextTempId, systemValuesOf, type GridColumn } from './grid-columns.ts';
import { loadCellEditing } from './load-cell-editing.ts';

const text = recordsText;

export interface GridEditingOptions {
  context: ContextResponse;
  columns: GridColumn[];
  /** The page on screen and the query key it is cached under. */
  page: PagedTalks | undefined;
  pageKey: QueryKey;
  scrollRef: RefObject<HTMLDivElement | null>;
  showSyncErrors: (error: unknown) => void;
  /** What rows ask of the grid beyond editing: selection, the form modal, the record's link. */
  toggle: (talkId: number) => void;
  edit: (talkId: number) => void;
  linkTo: (talkId: number) => string;
}

/**
 * Editing in the grid (002 §2 "Grid"): one cell of a saved record at a time, saved on leave;
 * new rows typed at the top and saved one by one. Hands the rows a stable `RowApi`.
 */
export function useGridEditing(options: GridEditingOptions) {
  const { context, columns, page, pageKey, scrollRef, showSyncErrors } = options;
  const subject = context.subject.subjectIdentifier;
  const actions = context.subject.actions;
  const queryClient = useQueryClient();
  const [rowStates, setRowStates] = useState<ReadonlyMap<string, RowState>>(new Map());
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [newRows, setNewRows] = useState<NewRow[]>([]);
  const [newRowErrors, setNewRowErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const rows: GridRow[] = useMemo(() => {
    const fresh = newRows.map((r): GridRow => ({
      key: `n${r.tempId}`,
      talkId: r.tempId,
      isNew: true,
      talk: undefined,
      values: r.values,
    }));
    const saved = (page?.itens ?? []).map((talk): GridRow => ({
      key: `t${talk.talkId}`,
      talkId: talk.talkId,
      isNew: false,
      talk,
      // With the system columns' values (Criado em…: grid-columns.ts), never sent back.
      values: new Map([
        ...talk.talkValues.map((v) => [v.subjectAttributeId, v.value] as const),
        ...systemValuesOf(talk),
      ]),
    }));
    return [...fresh, ...saved];
  }, [newRows, page]);

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

  // An edit asked for while its row was still saving (Tab, then typing at once): it opens, with
  // what was typed, once the save is done; an Enter or Tab typed after it then saves it.
  const waiting = useRef<{
    rowKey: string;
    attributeId: number;
    typed: string;
    then: AfterCommit | null;
  } | null>(null);
  // The cell that gets the focus once the open one closes (Enter and Esc: itself; Tab: the next,
  // or itself when the next is not drawn).
  type CellRef = { rowKey: string; attributeId: number };
  const focusAfter = useRef<{ target: CellRef; from: CellRef } | null>(null);

  const isWaiting = (row: GridRow, column: GridColumn) =>
    waiting.current?.rowKey === row.key &&
    waiting.current.attributeId === column.attribute.subjectAttributeId;

  const startEdit = (row: GridRow, column: GridColumn, typed = '', then: AfterCommit | null = null) => {
    if (row.isNew || !canEditCell(row, column)) return;
    const attributeId = column.attribute.subjectAttributeId;
    if (rowStates.get(row.key) === 'syncing') {
      const before = isWaiting(row, column) ? waiting.current : null;
      if (before && typed === '' && before.typed !== '') before.then = 'stay';
      else
        waiting.current = { rowKey: row.key, attributeId, typed: (before?.typed ?? '') + typed, then: null };
      return;
    }
    if (editing) {
      // Another cell is open: this gesture saves it (or shows why it cannot be saved); the next
      // one opens the new cell.
      if (editing.rowKey !== row.key || editing.attributeId !== attributeId) commitSoon();
      return;
    }
    setEditing({
      rowKey: row.key,
      attributeId,
      value: row.values.get(attributeId) ?? null,
      inputError: undefined,
      typed,
      then,
    });
    setRowState(row.key, 'editing');
  };

  /** Tab on a cell typed on while its row saved: saves what was typed there as it opens. */
  const queueCommit = (row: GridRow, column: GridColumn, then: AfterCommit) => {
    const next = isWaiting(row, column) ? waiting.current : null;
    if (!next?.typed) return false;
    next.then = then;
    return true;
  };

  // Once the row is saved (and drawn with its new version), the waiting edit opens.
  useLayoutEffect(() => {
    const next = waiting.current;
    if (!next || rowStates.get(next.rowKey) === 'syncing' || editing) return;
    waiting.current = null;
    const row = rows.find((r) => r.key === next.rowKey);
    const column = columns.find((c) => c.attribute.subjectAttributeId === next.attributeId);
    if (row && column) startEdit(row, column, next.typed, next.then);
  });

  const cancelEdit = () => {
    waiting.current = null;
    if (!editing) return;
    const here = { rowKey: editing.rowKey, attributeId: editing.attributeId };
    focusAfter.current = { target: here, from: here };
    setRowState(editing.rowKey, null);
    setEditing(null);
  };

  /** The editable cell after (before) the given one: in its row, else in the next (previous) row. */
  const neighbour = (rowKey: string, attributeId: number, then: AfterCommit) => {
    const here = { rowKey, attributeId };
    if (then === 'stay') return here;
    const step = then === 'next' ? 1 : -1;
    const rowIndex = rows.findIndex((r) => r.key === rowKey);
    let col = columns.findIndex((c) => c.attribute.subjectAttributeId === attributeId) + step;
    for (let r = rowIndex; r >= 0 && r < rows.length && Math.abs(r - rowIndex) <= 1; r += step) {
      const row = rows[r];
      for (; row && !row.isNew && col >= 0 && col < columns.length; col += step) {
        const column = columns[col];
        if (column && canEditCell(row, column))
          return { rowKey: row.key, attributeId: column.attribute.subjectAttributeId };
      }
      col = step > 0 ? 0 : columns.length - 1;
    }
    return here;
  };

  // Editors with a debounce emit on blur: a commit first takes the focus away, then reads the
  // latest value on the next tick.
  const editingRef = useRef(editing);
  useLayoutEffect(() => {
    editingRef.current = editing;
  });
  // A closed cell's focus goes where the keyboard left it; once drawn (this runs after the rows).
  useLayoutEffect(() => {
    const next = focusAfter.current;
    if (!next || editing) return;
    focusAfter.current = null;
    const { target, from } = next;
    const cell =
      cellElement(scrollRef.current, target.rowKey, target.attributeId) ??
      cellElement(scrollRef.current, from.rowKey, from.attributeId);
    cell?.focus();
  });
  const commitSoon = (then?: AfterCommit) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.setTimeout(() => void commitEdit(then), 0);
  };

  const commitEdit = async (then?: AfterCommit) => {
    // The value rules come with the editors (./cell-editing.ts), already fetched for this edit.
    const { validateValue } = await loadCellEditing();
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
      // The cell stays open with the focus back in it, where the dialog gives it back.
      const cell = cellElement(scrollRef.current, current.rowKey, current.attributeId);
      const target = cell && editorTarget(cell, `cell-${current.rowKey}-${current.attributeId}`);
      if (target) focusEditor(target, '', false);
      showSyncErrors(new ApiError(400, [{ message: problem }]));
      return;
    }
    if (then) {
      const from = { rowKey: current.rowKey, attributeId: current.attributeId };
      focusAfter.current = { target: neighbour(current.rowKey, current.attributeId, then), from };
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
    let reopened = false;
    try {
      const updated = await updateTalk(subject, row.talkId, row.talk.version, talkValues);
      queryClient.setQueryData<PagedTalks>(pageKey, (old) =>
        old ? { ...old, itens: old.itens.map((t) => (t.talkId === updated.talkId ? updated : t)) } : old,
      );
      queryClient.setQueryData(['talk', subject, updated.talkId], updated);
      notifySuccess(text.messages.updated);
    } catch (err) {
      const stale = err instanceof ApiError && err.status === 409;
      const refused = err instanceof ApiError && (err.status === 400 || err.status === 422);
      // (The closed cell may still be `current` here: the close is drawn after this answer.)
      if ((stale || refused) && (!editingRef.current || editingRef.current === current)) {
        // The cell opens again with what the user typed: to correct it after a rule's refusal, or,
        // when someone saved the record meanwhile (the row reloads with its new version), to save
        // it over that version or drop it with Esc.
        reopened = true;
        waiting.current = null;
        focusAfter.current = null;
        setEditing({ ...current, inputError: undefined, typed: '', then: null });
        setRowState(row.key, 'editing');
        if (stale) void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
      }
      showSyncErrors(stale ? new ApiError(409, [{ message: text.grid.staleCell }]) : err);
    } finally {
      if (!reopened) setRowState(row.key, null);
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
    const { validateValue } = await loadCellEditing();
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

  // Rows get one stable object; its functions call this render's handlers.
  const handlers = {
    canEdit: canEditCell,
    required: (row: GridRow, column: GridColumn) => cellAccess(row, column).required,
    startEdit: (row: GridRow, column: GridColumn, typed?: string) => startEdit(row, column, typed),
    queueCommit,
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
    toggle: options.toggle,
    saveNewRow: (row: NewRow) => void saveNewRow(row),
    discardRow,
    edit: options.edit,
    linkTo: options.linkTo,
  } satisfies RowApi;
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });
  const [rowApi] = useState<RowApi>(() => ({
    canEdit: (row, column) => handlersRef.current.canEdit(row, column),
    required: (row, column) => handlersRef.current.required(row, column),
    startEdit: (row, column, typed) => handlersRef.current.startEdit(row, column, typed),
    queueCommit: (row, column, then) => handlersRef.current.queueCommit(row, column, then),
    cancelEdit: () => handlersRef.current.cancelEdit(),
    commitSoon: (then) => handlersRef.current.commitSoon(then),
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

  return { rows, newRows, rowStates, editing, addRow, rowApi };
}
