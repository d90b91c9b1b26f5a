import { useInfiniteQuery } from '@tanstack/react-query';
import type { TimelinePage } from '@talkbase/domain/contracts/talks';
import { apiRequest } from '../../../api/client.ts';

/** Rows per timeline page (the grid's default page size, 002 §9). */
export const TIMELINE_PAGE_SIZE = 50;

/** The query key of a record's history: the form invalidates it after a save. */
export const timelineKey = (subject: string, talkId: number) => ['timeline', subject, talkId] as const;

/**
 * A record's history (GET /api/talk/{subject}/{talkId}/timeline), newest first, 50 rows a page.
 * The answer carries no total: a full page means there may be more.
 */
export function useTimeline(subject: string, talkId: number) {
  return useInfiniteQuery({
    queryKey: timelineKey(subject, talkId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TimelinePage>(
        `/api/talk/${encodeURIComponent(subject)}/${talkId}/timeline?page=${pageParam}&fetch=${TIMELINE_PAGE_SIZE}`,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) =>
      last.itens.length < TIMELINE_PAGE_SIZE ? undefined : lastParam + 1,
    enabled: talkId > 0,
  });
}
