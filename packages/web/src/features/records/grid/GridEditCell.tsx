import { ActionIcon, Group, Loader } from '@mantine/core';
import { lazy, Suspense, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import type { FieldEditorProps } from '../../../fields/types.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { recordsText } from '../../../i18n/records.ts';
import { Icon } from '../../../ui/Icon.tsx';
import {
  actsOnEnter,
  editorTarget,
  focusEditor,
  insertNewline,
  isTypingKey,
  tabLeavesCell,
} from './cell-focus.ts';
import type { AfterCommit, EditingCell, GridRow, NewRow, RowApi } from './GridBody.tsx';
import type { GridColumn } from './grid-columns.ts';
import { loadCellEditing } from './load-cell-editing.ts';

const text = recordsText;

/** The field editors arrive with the first edit (./cell-editing.ts), not with the grid. */
const RegistryEditor = lazy(() =>
  loadCellEditing().then(({ editorFor }) => ({
    default: function RegistryEditor(props: FieldEditorProps) {
      const Editor = editorFor(props.attribute.componentId);
      return <Editor {...props} />;
    },
  })),
);

export interface GridEditCellProps {
  row: GridRow;
  column: GridColumn;
  colIndex: number;
  className: string;
  style: CSSProperties | undefined;
  /** The saved record's cell being edited (null: a cell of a new row, always open). */
  editing: EditingCell | null;
  newRow: NewRow | undefined;
  columns: GridColumn[];
  subject: string;
  displayValue: string | null | undefined;
  api: RowApi;
}

/**
 * A cell open for editing: a new row's, or the one cell of a saved record being edited. The
 * latter takes the focus as it opens, keeps what is typed while its editor loads, saves on Enter
 * (Shift+Enter or Ctrl+Enter: a new line in a long text), cancels on Esc and saves and moves on
 * with Tab and Shift+Tab (issue 39 item 4; README "editing a cell in place").
 */
export function GridEditCell(props: GridEditCellProps) {
  const { row, column, editing, newRow, columns, api } = props;
  const id = column.attribute.subjectAttributeId;
  const domId = `cell-${row.key}-${id}`;
  const wrapper = useRef<HTMLDivElement>(null);
  // Typed before the editor was there to take it (its code still loading), and the Enter or Tab
  // that followed: done once the editor has the text.
  const pending = useRef('');
  const pendingCommit = useRef<AfterCommit | null>(editing?.then ?? null);
  const opened = editing !== null;
  const typed = editing?.typed ?? '';

  useLayoutEffect(() => {
    const cell = wrapper.current;
    if (!opened || !cell) return;
    const focus = () => {
      const target = editorTarget(cell, domId);
      if (!target || !focusEditor(target, typed + pending.current, typed !== '')) return false;
      pending.current = '';
      const then = pendingCommit.current;
      pendingCommit.current = null;
      if (then) api.commitSoon(then);
      return true;
    };
    if (focus()) return;
    // Until the editor is there, the cell holds the focus: Esc works and typing is kept.
    cell.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(cell, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    return () => observer.disconnect();
    // Only as the cell opens: later renders leave the focus where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cell = e.currentTarget;
    const from = e.target;
    // Lists and calendars open in portals: their keys are their own.
    if (!opened || e.nativeEvent.isComposing || !(from instanceof Element) || !cell.contains(from)) return;
    // The editor is still loading: what is typed, and the Enter or Tab after it, wait for it.
    // (An editor with nothing to focus, the read-only fallback, leaves the focus on the cell.)
    const loading = cell.querySelector('.mantine-Loader-root') !== null;
    if (from === cell && loading && e.key !== 'Escape') {
      if (isTypingKey(e)) pending.current += e.key;
      else if (e.key === 'Enter') pendingCommit.current = 'stay';
      else if (e.key === 'Tab') pendingCommit.current = e.shiftKey ? 'previous' : 'next';
      else return;
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      api.cancelEdit();
    } else if (e.key === 'Enter') {
      if (actsOnEnter(from)) return;
      if (from instanceof HTMLTextAreaElement && (e.shiftKey || e.ctrlKey || e.altKey || e.metaKey)) {
        // A new line; Shift+Enter adds it by itself.
        if (!e.shiftKey) {
          e.preventDefault();
          insertNewline(from);
        }
        return;
      }
      e.preventDefault();
      api.commitSoon('stay');
    } else if (e.key === 'Tab' && (from === cell || tabLeavesCell(cell, domId, from, e.shiftKey))) {
      e.preventDefault();
      api.commitSoon(e.shiftKey ? 'previous' : 'next');
    }
  };

  const errorKey = `${row.key}:${id}`;
  return (
    <div
      ref={wrapper}
      role="gridcell"
      aria-colindex={props.colIndex}
      data-attribute-id={id}
      tabIndex={opened ? -1 : undefined}
      className={props.className}
      style={props.style}
      onKeyDown={onKeyDown}
    >
      <Suspense fallback={<Loader size="xs" aria-label={t.app.loading} />}>
        <RegistryEditor
          attribute={column.attribute}
          label={column.label}
          id={domId}
          value={editing ? editing.value : (newRow?.values.get(id) ?? null)}
          onChange={(v) => (editing ? api.setEditValue(v) : api.setNewValue(row.talkId, id, v))}
          onInputError={(message) =>
            editing ? api.setEditError(message) : api.setNewError(errorKey, message)
          }
          readOnly={false}
          required={api.required(row, column)}
          displayValue={props.displayValue}
          subject={props.subject}
          talkId={row.isNew ? 0 : row.talkId}
          variant="cell"
          // Another field of the row, for editors narrowed by it (a category by its software).
          valueOf={(identifier) => {
            const other = columns.find((c) => c.attribute.identifier === identifier)?.attribute;
            if (newRow) return other ? (newRow.values.get(other.subjectAttributeId) ?? null) : null;
            return row.talk?.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value;
          }}
        />
      </Suspense>
      {opened && (
        <Group gap={2} wrap="nowrap" className="grid-cell-actions">
          <ActionIcon
            size="sm"
            variant="filled"
            aria-label={text.grid.saveRow}
            onClick={() => api.commitSoon('stay')}
          >
            <Icon name="check" size="1em" />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="default"
            aria-label={text.grid.cancelRow}
            onClick={() => api.cancelEdit()}
          >
            <Icon name="close" size="1em" />
          </ActionIcon>
        </Group>
      )}
    </div>
  );
}
