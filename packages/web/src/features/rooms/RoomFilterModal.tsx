import type { SubjectResource } from '@talkbase/domain/contracts/rooms';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { useState } from 'react';
import { roomsText } from '../../i18n/rooms.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { FilterFormFields, FilterModal } from '../filters/FilterFormFields.tsx';
import { useFilterForm } from '../filters/useFilterForm.ts';
import type { RoomFilterDraft } from './room-draft.ts';

const text = roomsText.filterModal;
const messages = {
  nameRequired: text.nameRequired,
  nameTooLong: text.nameMax,
  subjectRequired: text.subjectRequired,
  treeRequired: text.treeRequired,
};

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
    <FilterModal opened={props.initial !== null} onClose={props.onClose} text={text}>
      {props.initial && <FilterForm {...props} initial={props.initial} />}
    </FilterModal>
  );
}

function FilterForm(props: RoomFilterModalProps & { initial: RoomFilterDraft }) {
  const { initial } = props;
  const isNew = initial.key === 0;
  const form = useFilterForm(
    {
      subject: initial.subjectIdentifier || null,
      savedId: initial.filterId ?? null,
      name: initial.filterName,
      tree: initial.filter,
    },
    messages,
    100,
  );
  const filterId = form.savedId;
  const [question, setQuestion] = useState<Question | null>(null);

  const pick = (id: number, filterName: string) =>
    form.loadSaved(id, filterName, () => {
      form.setSavedId(id);
    });

  const onPick = (value: string | null) => {
    if (value === null) {
      if (filterId !== null) setQuestion({ kind: 'newFilter' });
      return;
    }
    const id = Number(value);
    const filterName = form.savedFilters?.find((f) => f.filterId === id)?.filterName ?? '';
    const used = props.roomFilters.some((f) => f.filterId === id && f.key !== initial.key);
    if (used) setQuestion({ kind: 'continue', filterId: id, filterName });
    else void pick(id, filterName);
  };

  const save = () => {
    form.setTouched(true);
    if (form.invalid || !form.subject) return;
    const filter: RoomFilterDraft = {
      key: isNew ? props.nextKey : initial.key,
      filterId,
      filterName: form.trimmedName,
      subjectIdentifier: form.subject,
      filter: form.tree as FilterNode,
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
    else if (q.kind === 'newFilter') form.setSavedId(null);
    else props.onSave(q.filter);
  };

  return (
    <FilterFormFields
      form={form}
      text={text}
      subjects={props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.resourceName }))}
      onPickSaved={onPick}
      treeId="room-filter-tree"
      onSave={save}
      onCancel={props.onClose}
    >
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
    </FilterFormFields>
  );
}
