import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '@talkbase/domain/contracts/templates';
import { useState } from 'react';
import { templatesText } from '../../i18n/templates.ts';
import {
  COLUMN_ALIAS_MAX,
  columnProblems,
  toggleSort,
  type ColumnEdit,
  type EditorColumn,
} from './template-draft.ts';

const text = templatesText.column;

/** 'Edição de coluna' (001 §2.9): alias ≤ 150, width 100–1000, sorting (ascending when switched on). */
export function ColumnModal(props: {
  column: EditorColumn | null;
  onApply: (edit: { alias: string; width: number; sort: EditorColumn['sort'] }) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.column !== null}
      onClose={props.onClose}
      title={text.title}
      centered
      size={480}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {props.column && <ColumnForm key={props.column.subjectAttributeId} {...props} column={props.column} />}
    </Modal>
  );
}

function ColumnForm(props: {
  column: EditorColumn;
  onApply: (edit: { alias: string; width: number; sort: EditorColumn['sort'] }) => void;
  onClose: () => void;
}) {
  const [edit, setEdit] = useState<ColumnEdit>({
    alias: props.column.alias,
    width: props.column.width,
    sort: props.column.sort,
  });
  const problems = columnProblems(edit);
  const invalid = Object.keys(problems).length > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) props.onApply({ alias: edit.alias.trim(), width: Number(edit.width), sort: edit.sort });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {text.field}: <strong>{props.column.attributeName}</strong>
        </Text>
        <TextInput
          label={text.alias}
          value={edit.alias}
          onChange={(e) => setEdit({ ...edit, alias: e.currentTarget.value })}
          error={problems.alias}
          placeholder={props.column.attributeName}
          data-autofocus
        />
        <Text size="xs" c="dimmed" mt={-8}>
          {edit.alias.length}/{COLUMN_ALIAS_MAX}
        </Text>
        <NumberInput
          label={text.width}
          value={edit.width}
          onChange={(v) => setEdit({ ...edit, width: v })}
          min={MIN_COLUMN_WIDTH}
          max={MAX_COLUMN_WIDTH}
          clampBehavior="none"
          allowDecimal={false}
          suffix=" px"
          error={problems.width}
        />
        <Switch
          label={text.sort}
          checked={edit.sort !== false}
          onChange={(e) => setEdit({ ...edit, sort: toggleSort(edit.sort, e.currentTarget.checked) })}
        />
        {edit.sort !== false && (
          <Stack gap={4}>
            <Text size="sm" id="column-sort-direction">
              {text.direction}
            </Text>
            <SegmentedControl
              aria-labelledby="column-sort-direction"
              value={String(edit.sort)}
              onChange={(v) => setEdit({ ...edit, sort: v === '0' ? 0 : 1 })}
              data={[
                { value: '1', label: text.asc },
                { value: '0', label: text.desc },
              ]}
            />
          </Stack>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" disabled={invalid}>
            {text.ok}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
