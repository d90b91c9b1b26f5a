import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { templatesText } from '../../i18n/templates.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { AvailableFields } from './AvailableFields.tsx';
import { ColumnModal } from './ColumnModal.tsx';
import { SelectedColumns } from './SelectedColumns.tsx';
import {
  applyColumnEdit,
  availableFields,
  moveColumn,
  newColumn,
  type EditorColumn,
  type FieldOption,
} from './template-draft.ts';

const text = templatesText.editor;

const columnName = (c: EditorColumn) => c.alias || c.attributeName;

type Confirm = { kind: 'remove'; column: EditorColumn } | { kind: 'addAll' } | { kind: 'removeAll' } | null;

/** The two panels of 001 §2.9: available fields (searchable) and the selected columns (ordered). */
export function TemplateColumnsEditor(props: {
  /** null while no subject (or base template) is chosen. */
  fields: FieldOption[] | null;
  emptyHint: string;
  columns: EditorColumn[];
  onChange: (columns: EditorColumn[]) => void;
  error?: string | undefined;
}) {
  const { columns, onChange } = props;
  const [editing, setEditing] = useState<EditorColumn | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  // Removing a column is asked once per editing (issue 39 item 10): it only takes the column out
  // of the grid, and the column can be added back from the list beside it.
  const [removalAsked, setRemovalAsked] = useState(false);
  const available = props.fields ? availableFields(props.fields, columns) : [];

  const removeColumn = (column: EditorColumn) =>
    onChange(columns.filter((c) => c.subjectAttributeId !== column.subjectAttributeId));
  const confirmText =
    confirm?.kind === 'remove'
      ? text.confirmRemoveColumn(columnName(confirm.column))
      : confirm?.kind === 'addAll'
        ? text.confirmAddAll
        : text.confirmRemoveAll;
  const doConfirm = () => {
    if (confirm?.kind === 'remove') {
      removeColumn(confirm.column);
      setRemovalAsked(true);
    } else if (confirm?.kind === 'addAll') onChange([...columns, ...available.map(newColumn)]);
    else if (confirm?.kind === 'removeAll') onChange([]);
    setConfirm(null);
  };

  return (
    <div className="template-panels">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="template-available-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="template-available-title">
            {text.available}
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={available.length === 0}
            onClick={() => setConfirm({ kind: 'addAll' })}
          >
            {text.addAll}
          </Button>
        </Group>
        {props.fields === null ? (
          <Text size="sm" c="dimmed">
            {props.emptyHint}
          </Text>
        ) : (
          <AvailableFields fields={available} onAdd={(f) => onChange([...columns, newColumn(f)])} />
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="template-selected-title">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="template-selected-title">
            {text.selected} ({columns.length})
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={columns.length === 0}
            onClick={() => setConfirm({ kind: 'removeAll' })}
          >
            {text.removeAll}
          </Button>
        </Group>
        <Stack gap="xs">
          {props.error && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {props.error}
            </Alert>
          )}
          {columns.length === 0 ? (
            <Text size="sm" c="dimmed">
              {text.noSelected}
            </Text>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {text.dragHelp}
              </Text>
              <SelectedColumns
                columns={columns}
                onMove={(activeId, overId) => onChange(moveColumn(columns, activeId, overId))}
                onEdit={setEditing}
                onRemove={(column) =>
                  removalAsked ? removeColumn(column) : setConfirm({ kind: 'remove', column })
                }
              />
            </>
          )}
        </Stack>
      </Paper>
      <ColumnModal
        column={editing}
        onClose={() => setEditing(null)}
        onApply={(edit) => {
          const key = editing?.key;
          onChange(columns.map((c) => (c.key === key ? applyColumnEdit(c, edit) : c)));
          setEditing(null);
        }}
      />
      <ConfirmModal
        opened={confirm !== null}
        title={text.confirmTitle}

        onClose={() => setConfirm(null)}
        onConfirm={doConfirm}
        {...(confirm?.kind === 'remove' ? { confirmLabel: text.confirmRemoveColumnButton } : {})}
      >
        {confirmText}
      </ConfirmModal>
    </div>
  );
}
