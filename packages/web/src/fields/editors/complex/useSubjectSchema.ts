import { useQuery } from '@tanstack/react-query';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { fetchSubject } from './structured-api.ts';

/** A subject's attributes, cached for a minute (the schema changes rarely). */
export function useSubjectSchema(subject: string | null) {
  return useQuery<Subject>({
    queryKey: ['fields', 'subject', subject?.toLowerCase()],
    queryFn: ({ signal }) => fetchSubject(subject ?? '', signal),
    enabled: subject !== null && subject !== '',
    staleTime: 60_000,
  });
}
