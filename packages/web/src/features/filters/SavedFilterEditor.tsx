import { Alert, List } from '@mantine/core';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, type ApiErrorItem } from '../../api/client.ts';
import { SAVED_FILTER_NAME_MAX, savedFiltersText } from '../../i18n/saved-filters.ts';
import { EditorStates } from '../../ui/EditorStates.tsx';
import { useEditorLoad } from '../../ui/useEditorLoad.ts';
import { notify } from '../notices/notices-store.ts';
import { FilterFormFields } from './FilterFormFields.tsx';
import {
  createSavedFilter,
  fetchSavedFilter,
  updateSavedFilter,
  type SavedFilter,
} from './saved-filters-api.ts';
import { useFilterForm } from './useFilterForm.ts';

const text = savedFiltersText;

export interface SavedFilterEditorProps {
  /** The saved filter edited; 0 for a new one. */
  talkId: number;
  /** After a save: the filter's id and whether it was created. */
  onSaved?: (saved: { talkId: number; created: boolean }) => void;
  onCancel?: () => void;
}

/** The subjects a filter may be made for: those the account may read, not the filters themselves. */
const filterable = (subjects: readonly ReadableSubject[]) =>
  subjects
    .filter((s) => s.subjectIdentifier.toLowerCase() !== 'filtro')
    .map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }));

/**
 * The form of a saved filter (a record of `filtro`, `/context/form/filtro/…`, and the grid's
 * 'Editar filtro salvo'): its subject ('Assunto', the subjects the account may read), 'Filtros
 * disponíveis' to start from another, 'Nome do filtro' and the tree over the chosen subject. The
 * server checks the same (modules/saved-filters/saved-filter-rule.ts).
 */
export function SavedFilterEditor(props: SavedFilterEditorProps) {
  const id = props.talkId > 0 ? props.talkId : null;
  const load = useEditorLoad(id, { key: (talkId) => ['saved-filter', talkId], fetch: fetchSavedFilter }, [
    'readable-subjects',
  ]);
  const subjects = filterable(load.subjects.data ?? []);
  return (
    <EditorStates state={load.state} texts={text.load} skeletonHeight={320}>
      {subjects.length === 0 ? (
        <Alert color="gray">{text.load.noSubjects}</Alert>
      ) : (
        <SavedFilterForm
          key={`${props.talkId}:${load.record.data?.version ?? 0}`}
          {...props}
          start={load.record.data ?? null}
          subjects={subjects}
        />
      )}
    </EditorStates>
  );
}

function SavedFilterForm(
  props: SavedFilterEditorProps & {
    start: SavedFilter | null;
    subjects: { value: string; label: string }[];
  },
) {
  const { start } = props;
  const queryClient = useQueryClient();
  // A filter made before subjects were kept, or for a subject no longer readable, asks for one.
  const known = start?.subject && props.subjects.some((s) => s.value === start.subject) ? start : null;
  const form = useFilterForm(
    {
      subject: known?.subject ?? null,
      savedId: null,
      name: start?.name ?? '',
      tree: known?.tree ?? null,
    },
    text.messages,
    SAVED_FILTER_NAME_MAX,
  );
  const [errors, setErrors] = useState<ApiErrorItem[]>([]);
  const [saving, setSaving] = useState(false);

  const pick = (value: string | null) => {
    form.setSavedId(value === null ? null : Number(value));
    if (value === null) return;
    const picked = Number(value);
    const name = form.savedFilters?.find((f) => f.filterId === picked)?.filterName ?? '';
    void form.loadSaved(picked, name.slice(0, SAVED_FILTER_NAME_MAX));
  };

  const save = async () => {
    form.setTouched(true);
    if (form.invalid || !form.subject || saving) return;
    setSaving(true);
    setErrors([]);
    const input = { name: form.trimmedName, subject: form.subject, tree: form.tree };
    try {
      let talkId = start?.talkId ?? 0;
      if (start) await updateSavedFilter(start.talkId, start.version, input);
      else talkId = await createSavedFilter(input);
      // Every list of saved filters (the grids' pickers, the forms') and the filter itself.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['saved-filters'] }),
        queryClient.invalidateQueries({ queryKey: ['saved-filter', talkId] }),
        queryClient.invalidateQueries({ queryKey: ['talks'] }),
        queryClient.invalidateQueries({ queryKey: ['talk', 'filtro', talkId] }),
      ]);
      notify({ kind: 'success', title: start ? text.updated : text.created });
      props.onSaved?.({ talkId, created: !start });
    } catch (err) {
      setErrors(
        err instanceof ApiError && err.status === 409
          ? [{ message: text.stale }]
          : err instanceof ApiError && err.errors.length > 0
            ? err.errors
            : [{ message: text.saveError }],
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <FilterFormFields
      form={form}
      text={text.form}
      subjects={props.subjects}
      onPickSaved={pick}
      treeId="saved-filter-tree"
      noSubjectHint={text.noSubject}
      onSave={() => void save()}
      onCancel={() => props.onCancel?.()}
      saving={saving}
      hideCancel={!props.onCancel}
    >
      {errors.length > 0 && (
        <Alert color="red" role="alert" title={text.saveError}>
          <List size="sm">
            {errors.map((e, i) => (
              <List.Item key={i}>{e.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </FilterFormFields>
  );
}
