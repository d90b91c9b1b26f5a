import { useQuery, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import type { EditorLoadState } from './EditorStates.tsx';
import { fetchReadableSubjects } from '../api/subjects-api.ts';

/**
 * What an editor of one saved thing (a tag, an automation) loads: the thing itself (none when
 * `id` is null: a new one) and the subjects the account may read. A refusal (4xx) is not retried;
 * a bad id or a 404 is 'not found'.
 */
export function useEditorLoad<T>(
  id: number | null,
  saved: { key: (id: number) => QueryKey; fetch: (id: number, signal: AbortSignal) => Promise<T> },
  subjectsKey: QueryKey,
) {
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    queryKey: saved.key(id ?? 0),
    queryFn: ({ signal }) => saved.fetch(id ?? 0, signal),
    enabled: id !== null && valid,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const subjects = useQuery({
    queryKey: subjectsKey,
    queryFn: ({ signal }) => fetchReadableSubjects(signal),
    staleTime: 60_000,
  });
  const notFound = !valid || (record.error instanceof ApiError && record.error.status === 404);
  const state: EditorLoadState = {
    notFound,
    failed: !notFound && (record.isError || subjects.isError),
    loading: (id !== null && valid && record.isPending) || subjects.isPending,
    retry: () => {
      void record.refetch();
      void subjects.refetch();
    },
  };
  return { valid, notFound, record, subjects, state };
}
