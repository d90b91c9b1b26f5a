import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { FilterTreeEditor } from '../../fields/editors/complex/FilterTreeEditor.tsx';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import type { FilterForm } from './useFilterForm.ts';

/** The labels of a filter form, from the feature's own texts. */
export interface FilterFormText {
  title: string;
  close: string;
  subject: string;
  saved: string;
  savedPlaceholder: string;
  name: string;
  tree: string;
  loadError: string;
  save: string;
  cancel: string;
}

/** The full-screen modal a filter form opens in. */
export function FilterModal(props: {
  opened: boolean;
  onClose: () => void;
  text: FilterFormText;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.text.title}
      fullScreen
      closeButtonProps={{ 'aria-label': props.text.close }}
    >
      {props.children}
    </Modal>
  );
}

export interface FilterFormFieldsProps {
  form: FilterForm;
  text: FilterFormText;
  subjects: readonly { value: string; label: string }[];
  /** The saved filter chosen in 'Filtros disponíveis' (null when it is cleared). */
  onPickSaved: (value: string | null) => void;
  /** The id of the tree editor's field. */
  treeId: string;
  onSave: () => void;
  onCancel: () => void;
  /** While the save is under way (the button shows it and takes no second click). */
  saving?: boolean;
  /** Shown where the tree goes while no subject is chosen (nothing when absent). */
  noSubjectHint?: string;
  /** A form on its own page has nowhere to go back to. */
  hideCancel?: boolean;
  /** What follows the buttons (a question the form may ask). */
  children?: ReactNode;
}

/** The filter form's fields: a subject, a saved filter to start from, a name and the tree. */
export function FilterFormFields({ form, text, ...props }: FilterFormFieldsProps) {
  // The tree editor reads its subject from its props; the attribute only labels it.
  const treeAttribute = useMemo(() => standaloneAttribute(text.tree), [text.tree]);
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group grow align="flex-start">
        <Select
          label={text.subject}
          required
          searchable
          data={props.subjects}
          value={form.subject}
          onChange={form.chooseSubject}
          error={form.touched ? form.subjectError : undefined}
          allowDeselect={false}
        />
        <Select
          label={text.saved}
          placeholder={text.savedPlaceholder}
          data={(form.savedFilters ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }))}
          value={form.savedId === null ? null : String(form.savedId)}
          onChange={props.onPickSaved}
          disabled={!form.subject}
          clearable
          searchable
        />
        <TextInput
          label={text.name}
          required
          maxLength={form.nameMax}
          value={form.name}
          onChange={(e) => form.setName(e.currentTarget.value)}
          error={form.touched ? form.nameError : undefined}
        />
      </Group>
      {form.loadError && (
        <Alert color="red" role="alert">
          {text.loadError}
        </Alert>
      )}
      {!form.subject && props.noSubjectHint && (
        <Text size="sm" c="dimmed">
          {props.noSubjectHint}
        </Text>
      )}
      {form.subject && (
        <FilterTreeEditor
          key={form.subject}
          attribute={treeAttribute}
          label={text.tree}
          id={props.treeId}
          value={form.tree}
          onChange={form.setTree}
          onInputError={form.setTreeProblem}
          readOnly={false}
          required
          error={form.touched ? form.treeError : undefined}
          subject={form.subject}
          talkId={0}
        />
      )}
      <Group justify="flex-end">
        {!props.hideCancel && (
          <Button variant="default" onClick={props.onCancel} disabled={props.saving}>
            {text.cancel}
          </Button>
        )}
        <Button onClick={props.onSave} loading={props.saving}>
          {text.save}
        </Button>
      </Group>
      {props.children}
    </Stack>
  );
}
