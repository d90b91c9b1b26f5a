import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PickOption } from './designers-api.ts';

/** Option search debounce (002 §9: 500 ms). */
const SEARCH_DEBOUNCE_MS = 500;

interface SearchPickerProps {
  label: string;
  /** Cache key of the option source (the search term is added). */
  queryKey: readonly unknown[];
  search: (term: string, signal: AbortSignal) => Promise<PickOption[]>;
  onPick: (option: PickOption) => void;
  /** Options already chosen, left out of the list. */
  exclude?: readonly number[];
  nothingFound: string;
  disabled?: boolean;
  error?: string | undefined;
}

/**
 * A searchable list that adds what is picked and empties itself again: the server searches 500 ms
 * after typing stops, so the list is not filtered again here.
 */
export function SearchPicker(props: SearchPickerProps) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const options = useQuery({
    queryKey: [...props.queryKey, debounced.trim()],
    queryFn: ({ signal }) => props.search(debounced, signal),
    enabled: opened && !props.disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const excluded = new Set(props.exclude ?? []);
  const list = (options.data ?? []).filter((o) => !excluded.has(o.id));
  return (
    <Select
      label={props.label}
      searchable
      value={null}
      searchValue={term}
      onSearchChange={setTerm}
      onDropdownOpen={() => setOpened(true)}
      data={list.map((o) => ({ value: String(o.id), label: o.name }))}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? undefined : props.nothingFound}
      disabled={props.disabled ?? false}
      error={props.error}
      onChange={(value) => {
        const picked = list.find((o) => String(o.id) === value);
        if (picked) props.onPick(picked);
        setTerm('');
      }}
    />
  );
}
