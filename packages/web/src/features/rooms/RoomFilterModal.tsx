import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SubjectResource } from '@talkbase/domain/contracts/rooms';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { useState } from 'react';
import { FilterTreeEditor } from '../../fields/editors/complex/FilterTreeEditor.tsx';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import { fetchSavedFilters } from '../../fields/editors/complex/structured-api.ts';
import { roomsText } from '../../i18n/rooms.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { fetchSavedFilterTree } from './rooms-api.ts';
import type { RoomFilterDraft } from './room-draft.ts';

const text = roomsText.filterModal;

/** The filter tree editor reads its subject from these props; the attribute only labels it. */
const treeAttribute = standaloneAttribute(text.tree);

type Question =
  | { kind: 'continue'; filterId: number; filterName: string }
  | { kind: 'newFilter' }
  | { kind: 'update'; filter: RoomFilterDraft };

export interface RoomFilterModalProps {
  /** The filter being edited, or a new one (key 0) with its subject maybe chosen. */
  initial: RoomFilterDraft | null;
  subjects: readonly SubjectResource[];
  /** The room's other filters: a saved filter already among them is asked about. */
  roomFilters: readonly RoomFilterDraft[];
  nextKey: number;
  onSave: (filter: RoomFilterDraft) => void;
  onClose: () => void;
}

/**
 * The full-screen 'Filtro' modal (001 §2.7, §4 "Room filter edit"): a saved filter to start from,
 * its name and its tree over one subject.
 */
export function RoomFilterModal(props: RoomFilterModalProps) {
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

function FilterForm(props: RoomFilterModalProps & { initial: RoomFilterDraft }) {
  const { initial } = props;
  const isNew = initial.key === 0;
  const [subject, setSubject] = useState<string | null>(initial.subjectIdentifier || null);
  const [filterId, setFilterId] = useState<number | null>(initial.filterId ?? null);
  const [name, setName] = useState(initial.filterName);
  const [tree, setTree] = useState<unknown>(initial.filter);
  const [treeProblem, setTreeProblem] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const [loadError, setLoadError] = useState(false);

  const saved = useQuery({
    queryKey: ['saved-filters', subject],
    queryFn: ({ signal }) => fetchSavedFilters(subject ?? '', signal),
    enabled: subject !== null,
    staleTime: 30_000,
  });

  const pick = async (id: number, filterName: string) => {
    setLoadError(false);
    try {
      const picked = await fetchSavedFilterTree(id);
      setFilterId(id);
      setTree(picked);
      if (!name.trim()) setName(filterName);
    } catch {
      setLoadError(true);
    }
  };

  const onPick = (value: string | null) => {
    if (value === null) {
      if (filterId !== null) setQuestion({ kind: 'newFilter' });
      return;
    }
    const id = Number(value);
    const filterName = saved.data?.find((f) => f.filterId === id)?.filterName ?? '';
    const used = props.roomFilters.some((f) => f.filterId === id && f.key !== initial.key);
    if (used) setQuestion({ kind: 'continue', filterId: id, filterName });
    else void pick(id, filterName);
  };

  const nameError = !name.trim() ? text.nameRequired : name.trim().length > 100 ? text.nameMax : undefined;
  const subjectError = subject ? undefined : text.subjectRequired;
  const treeError = treeProblem ?? (tree ? undefined : text.treeRequired);
  const invalid = Boolean(nameError ?? subjectError ?? treeError);

  const save = () => {
    setTouched(true);
    if (invalid || !subject) return;
    const filter: RoomFilterDraft = {
      key: isNew ? props.nextKey : initial.key,
      filterId,
      filterName: name.trim(),
      subjectIdentifier: subject,
      filter: tree as FilterNode,
    };
    const existing = props.roomFilters.find(
      (f) => filterId !== null && f.filterId === filterId && f.key !== initial.key,
    );
    if (isNew && existing) setQuestion({ kind: 'update', filter: { ...filter, key: existing.key } });
    else props.onSave(filter);
  };

  const answer = (yes: boolean) => {
    const q = question;
    setQuestion(null);
    if (!q || !yes) return;
    if (q.kind === 'continue') void pick(q.filterId, q.filterName);
    else if (q.kind === 'newFilter') setFilterId(null);
    else props.onSave(q.filter);
  };

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group grow align="flex-start">
        <Select
          label={text.subject}
          required
          searchable
          data={props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.resourceName }))}
          value={subject}
          onChange={(v) => {
            setSubject(v);
            setFilterId(null);
            setTree(null);
          }}
          error={touched ? subjectError : undefined}
          allowDeselect={false}
        />
        <Select
          label={text.saved}
          placeholder={text.savedPlaceholder}
          data={(saved.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }))}
          value={filterId === null ? null : String(filterId)}
          onChange={onPick}
          disabled={!subject}
          clearable
          searchable
        />
        <TextInput
          label={text.name}
          required
          maxLength={100}
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
          id="room-filter-tree"
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
      <ConfirmModal
        opened={question !== null}
        title={
          question?.kind === 'update'
            ? text.updateTitle
            : question?.kind === 'continue'
              ? text.continueTitle
              : text.newFilterTitle
        }
        confirmLabel={text.yes}
        cancelLabel={text.no}
        onClose={() => answer(false)}
        onConfirm={() => answer(true)}
      >
        {question?.kind === 'update'
          ? text.confirmUpdate
          : question?.kind === 'continue'
            ? text.confirmContinue
            : text.confirmNewFilter}
      </ConfirmModal>
    </Stack>
  );
}
