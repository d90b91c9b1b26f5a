import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchRelatedOptions } from './structured-api.ts';

/** Option search debounce (002 §9: 500 ms). */
export const OPTION_SEARCH_DEBOUNCE_MS = 500;

/** The first page of a reference attribute's options for a search term, searched after 500 ms. */
export function useRelatedOptions(attributeId: number | null, term: string, enabled = true) {
  const [debounced] = useDebouncedValue(term, OPTION_SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['fields', 'related-options', attributeId, debounced.trim()],
    queryFn: ({ signal }) => fetchRelatedOptions(attributeId ?? 0, debounced, signal),
    enabled: enabled && attributeId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
