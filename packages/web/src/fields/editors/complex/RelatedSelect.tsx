import { MultiSelect, Select, type ComboboxParsedItem } from '@mantine/core';
import { message } from '@talkbase/domain/fields/messages';
import { useMemo, useState } from 'react';
import { useRelatedOptions } from './useRelatedOptions.ts';
import { fieldsStructuredText } from '../../../i18n/fields-structured.ts';

interface CommonProps {
  /** The reference attribute whose options are listed (GET /api/SubjectAttribute/related/{id}). */
  attributeId: number;
  id?: string | undefined;
  label?: string | undefined;
  ariaLabel?: string | undefined;
  readOnly?: boolean | undefined;
  required?: boolean | undefined;
  error?: string | undefined;
  placeholder?: string | undefined;
  onBlur?: (() => void) | undefined;
}

interface SingleProps extends CommonProps {
  multiple?: false;
  value: number | null;
  /** The chosen record's name when it is not on the first page of options. */
  displayValue?: string | null | undefined;
  onChange: (value: number | null) => void;
}

interface MultipleProps extends CommonProps {
  multiple: true;
  value: number[];
  onChange: (value: number[]) => void;
}

/**
 * A searchable select of the records a reference attribute may point to: the server searches
 * (every word, 50 a page) 500 ms after typing stops, so the list is not filtered again here.
 */
export function RelatedSelect(props: SingleProps | MultipleProps) {
  const [search, setSearch] = useState('');
  const chosen = useMemo(
    () => (props.multiple ? props.value : props.value === null ? [] : [props.value]),
    [props.multiple, props.value],
  );
  const displayValue = props.multiple ? undefined : props.displayValue;
  // Names of the records seen in any answer, for chosen ones that a later search leaves out.
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(() => new Map());
  const nameOf = (id: number): string | undefined =>
    known.get(id) ?? (displayValue && chosen.length === 1 && chosen[0] === id ? displayValue : undefined);
  const selectedName = !props.multiple && props.value !== null ? nameOf(props.value) : undefined;
  // Choosing an option writes its name in the box: that is not a search.
  const term = search === selectedName ? '' : search;
  const options = useRelatedOptions(props.attributeId, term, !props.readOnly);
  const loaded = options.data;
  const [seenAnswer, setSeenAnswer] = useState(loaded);
  if (loaded !== seenAnswer) {
    setSeenAnswer(loaded);
    const next = new Map(known);
    for (const option of loaded ?? []) next.set(option.id, option.name);
    setKnown(next);
  }
  const shown = new Map((loaded ?? []).map((o) => [o.id, o.name]));
  for (const id of chosen) if (!shown.has(id)) shown.set(id, nameOf(id) ?? `#${id}`);
  const data = [...shown].map(([value, label]) => ({ value, label }));
  const nothingFound =
    term.trim() === '' ? message('selectNoItems') : message('selectNoResultsFor', { term: term.trim() });
  const common = {
    id: props.id,
    label: props.label,
    'aria-label': props.ariaLabel,
    readOnly: props.readOnly,
    required: props.required,
    error: props.error,
    placeholder: props.placeholder ?? fieldsStructuredText.relatedSelect.placeholder,
    onBlur: props.onBlur,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The server already matched every word; Mantine's own filter would hide its answers.
    filter: ({ options: all }: { options: ComboboxParsedItem<number>[] }) => all,
    nothingFoundMessage: options.isFetching ? fieldsStructuredText.relatedSelect.loading : nothingFound,
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <MultiSelect<number>
        {...common}
        value={props.value}
        onChange={(next) => {
          onChange(next);
        }}
        clearable={!props.readOnly}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<number>
      {...common}
      value={props.value}
      onChange={(next) => {
        onChange(next);
      }}
      clearable={!props.readOnly && !props.required}
    />
  );
}
