import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { TAG_FILTER_NAME_MAX, tagMessages } from '@talkbase/domain/contracts/tags';
import { useState } from 'react';
import { FilterTreeEditor } from '../../fields/editors/complex/FilterTreeEditor.tsx';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import { fetchSavedFilters } from '../../fields/editors/complex/structured-api.ts';
import { tagsText } from '../../i18n/tags.ts';
import { fetchSavedFilterTree } from '../rooms/rooms-api.ts';
import type { TagFilterDraft } from './tag-draft.ts';

const text = tagsText.filterModal;

/** The filter tree editor reads its subject from these props; the attribute only labels it. */
const treeAttribute = standaloneAttribute(text.tree);

export interface TagFilterModalProps {
  /** The filter being edited, or a new one (key 0). */
  initial: TagFilterDraft | null;
  subjects: readonly ReadableSubject[];
  onSave: (filter: TagFilterDraft) => void;
  onClose: () => void;
}

/**
 * The full-screen filter modal of the tag editor (000 §2): 'Filtros disponíveis' (the subject's
 * saved filters, to start from), 'Nome do filtro' and the filter tree over one subject.
 */
export function TagFilterModal(props: TagFilterModalProps) {
  return (
    <Modal
      opened={props.initial !== null}
      onClose={props.onClose}
      title={text.title}
      fullScreen
      closeButtonProps={{ 'aria-label': text.close }}
    >
      {props.initial && <FilterForm {...props} initial={props.initial} />}
    </Modal>
  );
}

function FilterForm(props: TagFilterModalProps & { initial: TagFilterDraft }) {
  const { initial } = props;
  const [subject, setSubject] = useState<string | null>(initial.subject || null);
  const [savedId, setSavedId] = useState<number | null>(null);
  const [name, setName] = useState(initial.filterName);
  const [tree, setTree] = useState<unknown>(initial.filter);
  const [treeProblem, setTreeProblem] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const [loadError, setLoadError] = useState(false);

  const saved = useQuery({
    queryKey: ['saved-filters', subject],
    queryFn: ({ signal }) => fetchSavedFilters(subject ?? '', signal),
    enabled: subject !== null,
    staleTime: 30_000,
  });

  const pick = async (value: string | null) => {
    setSavedId(value === null ? null : Number(value));
    if (value === null) return;
    const id = Number(value);
    setLoadError(false);
    try {
      setTree(await fetchSavedFilterTree(id));
      const savedName = saved.data?.find((f) => f.filterId === id)?.filterName ?? '';
      if (!name.trim()) setName(savedName.slice(0, TAG_FILTER_NAME_MAX));
    } catch {
      setLoadError(true);
    }
  };

  const trimmed = name.trim();
  const nameError = !trimmed
    ? tagMessages.filterNameRequired
    : trimmed.length > TAG_FILTER_NAME_MAX
      ? tagMessages.filterNameTooLong
      : undefined;
  const subjectError = subject ? undefined : tagMessages.subjectRequired;
  const treeError = treeProblem ?? (tree ? undefined : text.treeRequired);
  const invalid = Boolean(nameError ?? subjectError ?? treeError);

  const save = () => {
    setTouched(true);
    if (invalid || !subject) return;
    props.onSave({
      ...initial,
      filterName: trimmed,
      subject,
      // An attribute of another subject would retarget the filter: it goes with the subject.
      subjectAttributeId: subject === initial.subject ? initial.subjectAttributeId : null,
      filter: tree,
    });
  };

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group grow align="flex-start">
        <Select
          label={text.subject}
          required
          searchable
          data={props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
          value={subject}
          onChange={(v) => {
            setSubject(v);
            setSavedId(null);
            setTree(null);
          }}
          error={touched ? subjectError : undefined}
          allowDeselect={false}
        />
        <Select
          label={text.saved}
          placeholder={text.savedPlaceholder}
          data={(saved.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }))}
          value={savedId === null ? null : String(savedId)}
          onChange={(v) => void pick(v)}
          disabled={!subject}
          clearable
          searchable
        />
        <TextInput
          label={text.name}
          required
          maxLength={TAG_FILTER_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={touched ? nameError : undefined}
        />
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {text.loadError}
        </Alert>
      )}
      {subject && (
        <FilterTreeEditor
          key={subject}
          attribute={treeAttribute}
          label={text.tree}
          id="tag-filter-tree"
          value={tree}
          onChange={setTree}
          onInputError={setTreeProblem}
          readOnly={false}
          required
          error={touched ? treeError : undefined}
          subject={subject}
          talkId={0}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {text.cancel}
        </Button>
        <Button onClick={save}>{text.save}</Button>
      </Group>
    </Stack>
  );
}
