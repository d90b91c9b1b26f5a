import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/** One page of a settings list; the page shown stays up while the next one loads. */
export function useListQuery<Query, Page>(
  query: Query,
  queryKey: (query: Query) => QueryKey,
  fetchPage: (query: Query, signal: AbortSignal) => Promise<Page>,
) {
  return useQuery({
    queryKey: queryKey(query),
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
