import { useQuery } from '@tanstack/react-query';
import { fetchSavedFilters } from '../../fields/editors/complex/structured-api.ts';

/**
 * The saved filters of a subject (GET /api/Filter/{subject}), one cache entry per subject shared by
 * the grid's toolbar and the filter forms (rooms, tags, automation steps); none without a subject.
 */
export function useSavedFilters(subject: string | null) {
  return useQuery({
    queryKey: ['saved-filters', subject],
    queryFn: ({ signal }) => fetchSavedFilters(subject ?? '', signal),
    enabled: subject !== null,
    staleTime: 30_000,
  });
}
