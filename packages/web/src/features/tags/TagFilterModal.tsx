import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { TAG_FILTER_NAME_MAX, tagMessages } from '@talkbase/domain/contracts/tags';
import { tagsText } from '../../i18n/tags.ts';
import { FilterFormFields, FilterModal } from '../filters/FilterFormFields.tsx';
import { useFilterForm } from '../filters/useFilterForm.ts';
import type { TagFilterDraft } from './tag-draft.ts';

const text = tagsText.filterModal;
const messages = {
  nameRequired: tagMessages.filterNameRequired,
  nameTooLong: tagMessages.filterNameTooLong,
  subjectRequired: tagMessages.subjectRequired,
  treeRequired: text.treeRequired,
};

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
    <FilterModal opened={props.initial !== null} onClose={props.onClose} text={text}>
      {props.initial && <FilterForm {...props} initial={props.initial} />}
    </FilterModal>
  );
}

function FilterForm(props: TagFilterModalProps & { initial: TagFilterDraft }) {
  const { initial } = props;
  const form = useFilterForm(
    { subject: initial.subject || null, savedId: null, name: initial.filterName, tree: initial.filter },
    messages,
    TAG_FILTER_NAME_MAX,
  );

  const pick = (value: string | null) => {
    form.setSavedId(value === null ? null : Number(value));
    if (value === null) return;
    const id = Number(value);
    const savedName = form.savedFilters?.find((f) => f.filterId === id)?.filterName ?? '';
    void form.loadSaved(id, savedName.slice(0, TAG_FILTER_NAME_MAX));
  };

  const save = () => {
    form.setTouched(true);
    if (form.invalid || !form.subject) return;
    props.onSave({
      ...initial,
      filterName: form.trimmedName,
      subject: form.subject,
      // An attribute of another subject would retarget the filter: it goes with the subject.
      subjectAttributeId: form.subject === initial.subject ? initial.subjectAttributeId : null,
      filter: form.tree,
    });
  };

  return (
    <FilterFormFields
      form={form}
      text={text}
      subjects={props.subjects.map((s) => ({ value: s.subjectIdentifier, label: s.subjectName }))}
      onPickSaved={pick}
      treeId="tag-filter-tree"
      onSave={save}
      onCancel={props.onClose}
    />
  );
}
