import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ApiError, type ApiErrorItem } from '../../api/client.ts';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import { recordsText } from '../../i18n/records.ts';
import { SAVED_FILTER_NAME_MAX, savedFiltersText } from '../../i18n/saved-filters.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { FilterModal } from './FilterFormFields.tsx';
import { combinedGridTree, createSavedFilter } from './saved-filters-api.ts';
import { useSavedFilters } from './useSavedFilters.ts';

const text = savedFiltersText;

// The tree editor and the saved filter's form load when a modal first opens: the picker and the
// buttons show with the grid.
const FilterTreeEditor = lazy(() =>
  import('../../fields/editors/complex/FilterTreeEditor.tsx').then((m) => ({ default: m.FilterTreeEditor })),
);
const SavedFilterEditor = lazy(() =>
  import('./SavedFilterEditor.tsx').then((m) => ({ default: m.SavedFilterEditor })),
);

const loading = (
  <Group justify="center" p="md">
    <Loader size="sm" aria-label={text.grid.loadingModal} />
  </Group>
);

export interface GridFilterToolsProps {
  subject: string;
  /** The rules built in 'Filtrar' (the grid's filterJson); null when there are none. */
  tree: Record<string, unknown> | null;
  onTree: (tree: Record<string, unknown> | null) => void;
  /** The saved filters chosen in the grid's picker. */
  filterIds: readonly number[];
  onFilterIds: (ids: number[]) => void;
}

/** Rules of a tree, groups not counted. */
function ruleCount(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const rules = (node as { rules?: unknown }).rules;
  return Array.isArray(rules) ? rules.reduce((n: number, r: unknown) => n + ruleCount(r), 0) : 1;
}

/**
 * The grid's saved-filter picker and its own filter: 'Filtrar' builds rules over the subject
 * (applied at once as the grid's filter tree), 'Salvar filtro' turns the grid's current filter into
 * a saved filter (the name asked) that the picker then offers and applies, and 'Editar filtro
 * salvo' opens one of the subject's saved filters with its tree. Loaded with the grid, not before.
 */
export function GridFilterTools(props: GridFilterToolsProps) {
  const [building, setBuilding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const rules = ruleCount(props.tree);
  const nothing = props.tree === null && props.filterIds.length === 0;
  const saved = useSavedFilters(props.subject);
  const options = (saved.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }));
  return (
    <>
      <MultiSelect
        label={recordsText.grid.filters}
        placeholder={props.filterIds.length === 0 ? recordsText.grid.filtersPlaceholder : undefined}
        data={options}
        value={props.filterIds.map(String).filter((id) => options.some((o) => o.value === id))}
        onChange={(ids) => props.onFilterIds(ids.map(Number))}
        nothingFoundMessage={recordsText.grid.noFilters}
        clearable
        searchable
        w={280}
      />
      <Button
        variant={rules > 0 ? 'filled' : 'default'}
        leftSection={<Icon name="filter_alt" size="1.1em" />}
        onClick={() => setBuilding(true)}
      >
        {rules > 0 ? text.grid.buildActive(rules) : text.grid.build}
      </Button>
      <Tooltip label={text.grid.nothingToSave} disabled={!nothing}>
        <Button
          variant="default"
          leftSection={<Icon name="save" size="1.1em" />}
          onClick={() => setSaving(true)}
          disabled={nothing}
        >
          {text.grid.save}
        </Button>
      </Tooltip>
      <SavedFiltersMenu subject={props.subject} onEdit={setEditing} />

      <Modal
        opened={building}
        onClose={() => setBuilding(false)}
        title={text.grid.buildTitle}
        size="xl"
        closeButtonProps={{ 'aria-label': text.form.close }}
      >
        <Suspense fallback={loading}>
          {building && <BuildForm {...props} onClose={() => setBuilding(false)} />}
        </Suspense>
      </Modal>
      <Modal
        opened={saving}
        onClose={() => setSaving(false)}
        title={text.grid.saveTitle}
        closeButtonProps={{ 'aria-label': text.form.close }}
      >
        {saving && <SaveForm {...props} onClose={() => setSaving(false)} />}
      </Modal>
      <FilterModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        text={{ ...text.form, title: editing ? text.grid.editTitle(editing.name) : text.form.title }}
      >
        <Suspense fallback={loading}>
          {editing && (
            <SavedFilterEditor
              talkId={editing.id}
              onCancel={() => setEditing(null)}
              onSaved={() => setEditing(null)}
            />
          )}
        </Suspense>
      </FilterModal>
    </>
  );
}

/** 'Editar filtro salvo': the subject's saved filters, each opening its form. */
function SavedFiltersMenu(props: { subject: string; onEdit: (f: { id: number; name: string }) => void }) {
  const saved = useSavedFilters(props.subject);
  const list = saved.data ?? [];
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Tooltip label={text.grid.edit}>
          <ActionIcon variant="default" size="lg" aria-label={text.grid.edit}>
            <Icon name="edit" size="1.2em" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>{text.grid.edit}</Menu.Label>
        {saved.isPending ? (
          <Menu.Item disabled leftSection={<Loader size="xs" />}>
            {text.grid.loadingSaved}
          </Menu.Item>
        ) : saved.isError ? (
          <Menu.Item color="red" onClick={() => void saved.refetch()} leftSection={<Icon name="refresh" />}>
            {text.grid.savedError}
          </Menu.Item>
        ) : list.length === 0 ? (
          <Menu.Item disabled>{text.grid.noSaved}</Menu.Item>
        ) : (
          list.map((f) => (
            <Menu.Item
              key={f.filterId}
              leftSection={<Icon name="edit" />}
              onClick={() => props.onEdit({ id: f.filterId, name: f.filterName })}
            >
              {f.filterName}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** 'Filtrar': the rules over the grid's subject, applied when the user says so. */
function BuildForm(props: GridFilterToolsProps & { onClose: () => void }) {
  const attribute = useMemo(() => standaloneAttribute(text.form.tree), []);
  const [draft, setDraft] = useState<unknown>(props.tree);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const apply = () => {
    // The editor emits only a complete tree (an object), or null once every rule is gone.
    props.onTree(typeof draft === 'object' && draft !== null ? (draft as Record<string, unknown>) : null);
    props.onClose();
  };
  return (
    <Stack gap="md">
      <FilterTreeEditor
        attribute={attribute}
        label={text.form.tree}
        id="grid-filter-tree"
        value={draft}
        onChange={setDraft}
        onInputError={setProblem}
        readOnly={false}
        required={false}
        subject={props.subject}
        talkId={0}
      />
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          disabled={props.tree === null}
          onClick={() => {
            props.onTree(null);
            props.onClose();
          }}
        >
          {text.grid.clear}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {text.form.cancel}
          </Button>
          <Button onClick={apply} disabled={problem !== undefined}>
            {text.grid.apply}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** 'Salvar filtro': the name asked; the grid then shows the new saved filter in its picker. */
function SaveForm(props: GridFilterToolsProps & { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiErrorItem[]>([]);
  const trimmed = name.trim();
  const nameError = !trimmed
    ? text.messages.nameRequired
    : trimmed.length > SAVED_FILTER_NAME_MAX
      ? text.messages.nameTooLong
      : undefined;

  const save = async () => {
    setTouched(true);
    if (nameError || busy) return;
    setBusy(true);
    setErrors([]);
    try {
      const tree = await combinedGridTree(props.filterIds, props.tree);
      if (!tree) {
        setErrors([{ message: text.grid.nothingToSave }]);
        return;
      }
      const id = await createSavedFilter({ name: trimmed, subject: props.subject, tree });
      await queryClient.invalidateQueries({ queryKey: ['saved-filters', props.subject] });
      // The same rows, now through the saved filter: the picker shows it chosen.
      props.onFilterIds([id]);
      props.onTree(null);
      notify({ kind: 'success', title: text.created });
      props.onClose();
    } catch (err) {
      setErrors(
        err instanceof ApiError && err.errors.length > 0 ? err.errors : [{ message: text.saveError }],
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.grid.saveHint}
        </Text>
        <TextInput
          label={text.form.name}
          required
          data-autofocus
          maxLength={SAVED_FILTER_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? nameError : undefined}
        />
        {errors.length > 0 && (
          <Alert color="red" role="alert" title={text.saveError}>
            <List size="sm">
              {errors.map((e, i) => (
                <List.Item key={i}>{e.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {text.form.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {text.form.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
