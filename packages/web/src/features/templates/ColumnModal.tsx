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
  CONFIG_VALUE_MAX,
  columnEditOf,
  columnProblems,
  toggleSort,
  type ColumnEdit,
  type EditorColumn,
} from './template-draft.ts';

const text = templatesText.column;

/**
 * 'Edição de coluna' (001 §2.9): alias ≤ 150, width 100–1000, sorting (ascending when switched
 * on), and the settings the grid, the form and the server honour (002 §3): fixed, hidden (with
 * the value a hidden field saves), required and the pre-selected value. A form's field (`form`)
 * has no width, sorting or fixing.
 */
export function ColumnModal(props: {
  column: EditorColumn | null;
  onApply: (edit: ColumnEdit) => void;
  onClose: () => void;
  form?: boolean;
}) {
  return (
    <Modal
      opened={props.column !== null}
      onClose={props.onClose}
      title={props.form ? text.fieldTitle : text.title}
      centered
      size={480}
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {props.column && <ColumnForm key={props.column.key} {...props} column={props.column} />}
    </Modal>
  );
}

function ColumnForm(props: {
  column: EditorColumn;
  onApply: (edit: ColumnEdit) => void;
  onClose: () => void;
  form?: boolean;
}) {
  const [edit, setEdit] = useState<ColumnEdit>(() => columnEditOf(props.column));
  const problems = columnProblems(edit);
  const invalid = Object.keys(problems).length > 0;
  const grid = !props.form;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) props.onApply(edit);
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
        {grid && (
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
        )}
        {grid && (
          <Switch
            label={text.sort}
            checked={edit.sort !== false}
            onChange={(e) => setEdit({ ...edit, sort: toggleSort(edit.sort, e.currentTarget.checked) })}
          />
        )}
        {grid && edit.sort !== false && (
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
        {grid && (
          <Switch
            label={text.fixed}
            description={text.fixedHelp}
            checked={edit.fixed}
            onChange={(e) => setEdit({ ...edit, fixed: e.currentTarget.checked })}
          />
        )}
        <Switch
          label={text.required}
          description={text.requiredHelp}
          checked={edit.required}
          onChange={(e) => setEdit({ ...edit, required: e.currentTarget.checked })}
        />
        <Switch
          label={text.hidden}
          description={text.hiddenHelp}
          checked={edit.hidden}
          onChange={(e) => setEdit({ ...edit, hidden: e.currentTarget.checked })}
        />
        {edit.hidden && (
          <TextInput
            label={text.hiddenDefault}
            description={text.hiddenDefaultHelp}
            value={edit.hiddenDefault}
            maxLength={CONFIG_VALUE_MAX}
            onChange={(e) => setEdit({ ...edit, hiddenDefault: e.currentTarget.value })}
            error={problems.hiddenDefault}
          />
        )}
        <TextInput
          label={text.preselect}
          description={text.preselectHelp}
          value={edit.preselect}
          maxLength={CONFIG_VALUE_MAX}
          onChange={(e) => setEdit({ ...edit, preselect: e.currentTarget.value })}
          error={problems.preselect}
        />
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
