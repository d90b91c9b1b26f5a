import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { JOB_FILTER_NAME_MAX } from '@talkbase/domain/contracts/jobs';
import { useId, useState } from 'react';
import { FilterTreeEditor } from '../../fields/editors/complex/FilterTreeEditor.tsx';
import { standaloneAttribute } from '../../fields/editors/complex/standalone-attribute.ts';
import { automationsText } from '../../i18n/automations.ts';
import { useSavedFilters } from '../filters/useSavedFilters.ts';
import { fetchSavedFilterTree } from '../filters/saved-filter-tree.ts';

const text = automationsText.event;

export interface StepFilterValue {
  subjectId: number | null;
  filterId: number | null;
  filterName: string;
  filter: unknown;
}

/** The filter fields an event step and a work step both keep. */
interface FilteredStep {
  subjectId?: number | null | undefined;
  filterId?: number | null | undefined;
  eventStepId?: number | null | undefined;
  workStepId?: number | null | undefined;
  filterName: string;
  filter: unknown;
}

/**
 * A step's filter fields as the filter editor takes them. A saved job answers each step's own id
 * as its `filterId` (the spec's filter record of the step), which is no saved filter: only a
 * filter picked in this editing session is shown as picked.
 */
export function stepFilterValue(step: FilteredStep): StepFilterValue {
  const own = step.eventStepId ?? step.workStepId ?? null;
  const picked = step.filterId ?? null;
  return {
    subjectId: step.subjectId ?? null,
    filterId: picked !== null && picked !== own ? picked : null,
    filterName: step.filterName,
    filter: step.filter,
  };
}

/** The step with the filter editor's answer in its filter fields. */
export function withStepFilter<S extends FilteredStep>(step: S, next: StepFilterValue): S {
  return {
    ...step,
    subjectId: next.subjectId,
    filterId: next.filterId,
    filterName: next.filterName,
    filter: next.filter ?? null,
  };
}

/**
 * A step's filter (000 §2, §5): the subject it applies to, a saved filter to start from
 * ('Filtros disponíveis'), the filter's name and the filter tree (fields/complex), as the tag
 * editor's filter modal has them.
 */
export function StepFilter(props: {
  value: StepFilterValue;
  subjects: readonly ReadableSubject[];
  /** Locks the subject (a step that acts on the event's subject). */
  subjectLocked?: boolean;
  treeLabel?: string;
  problem: (field: 'subjectId' | 'filterName' | 'filter') => string | undefined;
  onChange: (next: StepFilterValue) => void;
  onTreeProblem: (message: string | undefined) => void;
}) {
  const { value } = props;
  const id = useId();
  const subject = props.subjects.find((s) => s.subjectId === value.subjectId)?.subjectIdentifier ?? null;
  const [loadError, setLoadError] = useState(false);
  const saved = useSavedFilters(subject);

  const pick = async (choice: string | null) => {
    if (choice === null) {
      props.onChange({ ...value, filterId: null });
      return;
    }
    const filterId = Number(choice);
    setLoadError(false);
    try {
      const tree = await fetchSavedFilterTree(filterId);
      const savedName = saved.data?.find((f) => f.filterId === filterId)?.filterName ?? '';
      props.onChange({
        ...value,
        filterId,
        filter: tree,
        filterName: value.filterName.trim() ? value.filterName : savedName.slice(0, JOB_FILTER_NAME_MAX),
      });
    } catch {
      setLoadError(true);
    }
  };

  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={text.subject}
          required
          searchable
          data={props.subjects.map((s) => ({ value: String(s.subjectId), label: s.subjectName }))}
          value={value.subjectId === null ? null : String(value.subjectId)}
          disabled={props.subjectLocked}
          onChange={(v) => {
            props.onTreeProblem(undefined);
            props.onChange({
              subjectId: v === null ? null : Number(v),
              filterId: null,
              filterName: value.filterName,
              filter: null,
            });
          }}
          error={props.problem('subjectId')}
          allowDeselect={false}
        />
        <Select
          label={text.savedFilter}
          placeholder={text.savedFilterPlaceholder}
          data={(saved.data ?? []).map((f) => ({ value: String(f.filterId), label: f.filterName }))}
          value={value.filterId === null ? null : String(value.filterId)}
          onChange={(v) => void pick(v)}
          disabled={!subject}
          clearable
          searchable
        />
        <TextInput
          label={text.filterName}
          required
          maxLength={JOB_FILTER_NAME_MAX}
          value={value.filterName}
          onChange={(e) => props.onChange({ ...value, filterName: e.currentTarget.value })}
          error={props.problem('filterName')}
        />
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {text.savedFilterError}
        </Alert>
      )}
      {subject && (
        <FilterTreeEditor
          key={subject}
          attribute={standaloneAttribute(props.treeLabel ?? text.filter)}
          label={props.treeLabel ?? text.filter}
          id={`${id}-tree`}
          value={value.filter}
          onChange={(filter) => props.onChange({ ...value, filter })}
          onInputError={props.onTreeProblem}
          readOnly={false}
          required
          error={props.problem('filter')}
          subject={subject}
          talkId={0}
        />
      )}
    </Stack>
  );
}
