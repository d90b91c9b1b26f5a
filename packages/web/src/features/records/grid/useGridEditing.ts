import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { ApiError } from '../../../api/client.ts';
import { recordsText } from '../../../i18n/records.ts';
import { notifyError, notifySuccess } from '../feedback.tsx';
import { fieldAccess, isFileAttribute, talkValuesToSave } from '../form/field-rules.ts';
import { createTalk, updateTalk } from '../records-api.ts';
import type { EditingCell, GridRow, NewRow, RowApi, RowState } from './GridBody.tsx';
import { nextTempId, type GridColumn } from './grid-columns.ts';
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
      values: new Map(talk.talkValues.map((v) => [v.subjectAttributeId, v.value])),
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
      queryClient.setQueryData<PagedTalks>(pageKey, (old) =>
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

  return { rows, newRows, rowStates, editing, addRow, rowApi };
}
