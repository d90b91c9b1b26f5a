import { Loader } from '@mantine/core';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { displayText } from '../../../fields/display.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { tagsText } from '../../../i18n/tags.ts';
import { GridSla, TagChips, talkTagsOf } from '../slots.ts';
import type { GridColumn } from './grid-columns.ts';
import { isTypingKey } from './cell-focus.ts';
import { GridEditCell } from './GridEditCell.tsx';
import { preloadCellEditing } from './load-cell-editing.ts';
import { useColumnWindow, type ColumnWindow } from './useColumnWindow.ts';
import { recordsText } from '../../../i18n/records.ts';

const text = recordsText;
export const ROW_HEIGHT = 40;
export const SELECT_WIDTH = 44;

/** A row of the grid: a record of the page, or a new row not saved yet (temporary id). */
export interface GridRow {
  key: string;
  talkId: number;
  isNew: boolean;
  talk: ApiTalk | undefined;
  values: ReadonlyMap<number, unknown>;
}

export type RowState = 'syncing' | 'editing';

export interface EditingCell {
  rowKey: string;
  attributeId: number;
  value: unknown;
  inputError: string | undefined;
  /** What the user typed on the cell to open it: it replaces the value ('' when opened by Enter). */
  typed: string;
  /** An Enter or Tab typed after it, before the cell could open: the cell saves as it opens. */
  then: AfterCommit | null;
}

/** Where the focus goes once a cell is saved: it stays, or moves to the next or previous editable cell. */
export type AfterCommit = 'stay' | 'next' | 'previous';

export interface NewRow {
  tempId: number;
  values: Map<number, unknown>;
}

/** What every row needs to draw itself; one object for the page, so rows can skip re-rendering. */
export interface GridLayout {
  columns: GridColumn[];
  template: string;
  totalWidth: number;
  fixedOffsets: ReadonlyMap<string, number>;
  /** Where each data column starts in the row (px), for the horizontal window. */
  starts: readonly number[];
  /** The fixed data columns come first in `columns`; this many. */
  fixedCount: number;
  /** The width of what stays at the left edge: select, id, SLA and the fixed columns. */
  leadWidth: number;
  showId: boolean;
  /** Where the SLA column sticks (px from the left), after select and id; null: no such column. */
  sla: number | null;
  subject: string;
}

/**
 * What rows may ask of the grid. The grid hands a stable object whose functions call its latest
 * handlers, so a scroll re-renders only the rows that come into view.
 */
export interface RowApi {
  canEdit(row: GridRow, column: GridColumn): boolean;
  required(row: GridRow, column: GridColumn): boolean;
  /** Opens a cell: by Enter, F2 or a double click, or by typing `typed` on it. */
  startEdit(row: GridRow, column: GridColumn, typed?: string): void;
  /**
   * Tab on a cell typed on while its row was saving: the cell opens with it and saves it, and the
   * focus moves on. False when nothing waits there (Tab then moves the focus as usual).
   */
  queueCommit(row: GridRow, column: GridColumn, then: AfterCommit): boolean;
  cancelEdit(): void;
  /** Saves the open cell; `then` says where the focus goes after (none: it stays where it is). */
  commitSoon(then?: AfterCommit): void;
  setEditValue(value: unknown): void;
  setEditError(message: string | undefined): void;
  setNewValue(tempId: number, attributeId: number, value: unknown): void;
  setNewError(key: string, message: string | undefined): void;
  toggle(talkId: number): void;
  saveNewRow(row: NewRow): void;
  discardRow(tempId: number): void;
  edit(talkId: number): void;
  linkTo(talkId: number): string;
}

interface RowViewProps {
  row: GridRow;
  index: number;
  start: number;
  state: RowState | undefined;
  selected: boolean;
  /** The cell being edited, when it is in this row. */
  editing: EditingCell | null;
  newRow: NewRow | undefined;
  layout: GridLayout;
  /** The data columns to draw; null: all of them (a new row, the edited or the focused row). */
  cols: ColumnWindow | null;
  api: RowApi;
  onFocusRow: (key: string) => void;
}

const GridRowView = memo(function GridRowView(props: RowViewProps) {
  const { row, index, start, state, selected, editing, newRow, layout, cols, api, onFocusRow } = props;
  const { columns, fixedOffsets, showId, sla } = layout;
  // Grid lines of the cells (1-based, as aria-colindex): a cell after skipped columns is placed
  // on its own line, and every cell says its column to assistive technology.
  const slaCol = showId ? 3 : 2;
  const firstData = slaCol + (sla === null ? 0 : 1);
  const lastCol = firstData + columns.length + 1;
  const talkValue = (id: number) => row.talk?.talkValues.find((v) => v.subjectAttributeId === id);
  const onCellKey = (e: KeyboardEvent, column: GridColumn) => {
    if (e.target !== e.currentTarget || e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      api.startEdit(row, column);
    } else if (e.key === 'Tab') {
      if (api.queueCommit(row, column, e.shiftKey ? 'previous' : 'next')) e.preventDefault();
    } else if (e.key === 'Escape') {
      // Drops an edit asked for while the row was still saving.
      api.cancelEdit();
    } else if (isTypingKey(e)) {
      // Typing on a cell opens it with what was typed, as in a spreadsheet.
      e.preventDefault();
      api.startEdit(row, column, e.key);
    }
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={!row.isNew && selected}
      data-state={state ?? (row.isNew ? 'new' : undefined)}
      data-talk-id={row.talkId}
      data-row-key={row.key}
      className="grid-row"
      style={{
        gridTemplateColumns: layout.template,
        top: start,
        height: ROW_HEIGHT,
      }}
      onFocus={() => onFocusRow(row.key)}
    >
      <div role="gridcell" aria-colindex={1} className="grid-cell grid-fixed" style={{ left: 0 }}>
        {state === 'syncing' ? (
          <Loader size="xs" aria-label={text.grid.syncing} />
        ) : row.isNew ? (
          <Icon name="fiber_new" size="1.2em" aria-label={text.grid.newRowLabel} />
        ) : (
          <input
            type="checkbox"
            className="grid-check"
            aria-label={text.grid.selectRow(row.talkId)}
            checked={selected}
            onChange={() => api.toggle(row.talkId)}
          />
        )}
      </div>
      {showId && (
        <div
          role="gridcell"
          aria-colindex={2}
          className="grid-cell grid-fixed grid-id"
          style={{ left: SELECT_WIDTH }}
        >
          {row.isNew ? `-${row.talkId}` : row.talkId}
        </div>
      )}
      {sla !== null && (
        <div
          role="gridcell"
          aria-colindex={slaCol}
          className="grid-cell grid-fixed grid-sla"
          style={{ left: sla }}
        >
          {!row.isNew && <GridSla subject={layout.subject} talkId={row.talkId} />}
        </div>
      )}
      {columns.map((column, i) => {
        if (cols && i >= layout.fixedCount && (i < cols.first || i > cols.last)) return null;
        const id = column.attribute.subjectAttributeId;
        const colIndex = firstData + i;
        const left = fixedOffsets.get(column.key);
        const fixedClass = left !== undefined ? ' grid-fixed' : '';
        const style =
          left !== undefined
            ? { left }
            : cols && i === cols.first && i > layout.fixedCount
              ? { gridColumnStart: colIndex }
              : undefined;
        const isEditing = editing?.attributeId === id;
        if ((newRow && api.canEdit(row, column)) || isEditing) {
          return (
            <GridEditCell
              key={column.key}
              row={row}
              column={column}
              colIndex={colIndex}
              className={`grid-cell grid-editing${fixedClass}`}
              style={style}
              editing={isEditing ? editing : null}
              newRow={newRow}
              columns={columns}
              subject={layout.subject}
              displayValue={talkValue(id)?.displayValue}
              api={api}
            />
          );
        }
        const shown = displayText(column.attribute, talkValue(id) ?? { value: row.values.get(id) });
        const editable = !row.isNew && api.canEdit(row, column);
        return (
          <div
            key={column.key}
            role="gridcell"
            aria-colindex={colIndex}
            data-attribute-id={id}
            tabIndex={editable ? 0 : -1}
            className={`grid-cell grid-text${fixedClass}${editable ? ' grid-editable' : ''}`}
            style={style}
            title={shown}
            aria-label={editable ? `${column.label}: ${shown}` : undefined}
            onDoubleClick={() => api.startEdit(row, column)}
            onKeyDown={(e) => onCellKey(e, column)}
          >
            {shown}
          </div>
        );
      })}
      <div
        role="gridcell"
        aria-colindex={lastCol - 1}
        className="grid-cell grid-tags"
        style={cols && cols.last < columns.length - 1 ? { gridColumnStart: lastCol - 1 } : undefined}
      >
        <TagChips tags={talkTagsOf(row.talk?.tags)} label={tagsText.records.tags} nowrap />
      </div>
      <div role="gridcell" aria-colindex={lastCol} className="grid-cell grid-actions">
        {newRow ? (
          <>
            <button
              type="button"
              className="grid-action grid-action-primary"
              aria-label={text.grid.saveRow}
              onClick={() => api.saveNewRow(newRow)}
              disabled={state === 'syncing'}
            >
              <Icon name="save" size="1.1em" />
            </button>
            <button
              type="button"
              className="grid-action"
              aria-label={text.grid.cancelRow}
              onClick={() => api.discardRow(newRow.tempId)}
              disabled={state === 'syncing'}
            >
              <Icon name="delete" size="1.1em" />
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="grid-action"
              aria-label={text.grid.edit(row.talkId)}
              onClick={() => api.edit(row.talkId)}
            >
              <Icon name="edit" size="1.1em" />
            </button>
            {/* A plain link: the grid body routes its clicks (a router Link per row costs a hook each). */}
            <a className="grid-action" href={api.linkTo(row.talkId)} aria-label={text.grid.open(row.talkId)}>
              <Icon name="open_in_new" size="1.1em" />
            </a>
          </>
        )}
      </div>
    </div>
  );
});

export interface GridBodyProps {
  rows: GridRow[];
  scrollRef: RefObject<HTMLDivElement | null>;
  initialOffset: number;
  /** The scroll container's height, so the first render already has its rows. */
  viewportHeight: number;
  layout: GridLayout;
  rowStates: ReadonlyMap<string, RowState>;
  selected: ReadonlySet<number>;
  editing: EditingCell | null;
  newRows: NewRow[];
  api: RowApi;
}

/**
 * The rows in view (TanStack Virtual): only this component follows the scroll, and each row
 * re-renders only when its own data, state, selection or edited cell changes.
 */
export function GridBody({
  rows,
  scrollRef,
  initialOffset,
  viewportHeight,
  layout,
  rowStates,
  selected,
  editing,
  newRows,
  api,
}: GridBodyProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser re-renders this component on scroll; rows are memoised on their own props.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    initialOffset,
    initialRect: { width: layout.totalWidth, height: viewportHeight },
    // Rendering in the scroll event (flushSync) blocks the frame; React batches the update instead.
    useFlushSync: false,
  });
  const cols = useColumnWindow(scrollRef, layout);
  // The row holding the focus draws all its columns, so Tab walks every cell of it (a focus
  // event renders at once, before the next key).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const navigate = useNavigate();
  // The rows' "open" links navigate inside the app, as a router Link would: a plain left click
  // (with a modifier key, or another button, the browser opens it its own way).
  const onClick = (e: MouseEvent) => {
    const link = e.target instanceof Element ? e.target.closest('a.grid-action') : null;
    const href = link?.getAttribute('href');
    if (!href || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey)
      return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    <div
      className="grid-body"
      style={{ height: virtualizer.getTotalSize(), width: layout.totalWidth }}
      onClick={onClick}
      // The editors' code is fetched as soon as the grid is used, ahead of the first edit.
      onFocus={preloadCellEditing}
      onPointerDown={preloadCellEditing}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <GridRowView
            key={row.key}
            row={row}
            index={item.index}
            start={item.start}
            state={rowStates.get(row.key)}
            selected={!row.isNew && selected.has(row.talkId)}
            editing={editing?.rowKey === row.key ? editing : null}
            newRow={row.isNew ? newRows.find((r) => r.tempId === row.talkId) : undefined}
            layout={layout}
            cols={row.isNew || row.key === focusKey || editing?.rowKey === row.key ? null : cols}
            api={api}
            onFocusRow={setFocusKey}
          />
        );
      })}
    </div>
  );
}
