import { useQueryClient } from '@tanstack/react-query';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { TalkTag, TalkTagPush } from '@talkbase/domain/contracts/tags';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../realtime/useRealtimeEvent.ts';

function readPush(data: unknown): TalkTagPush | null {
  if (typeof data !== 'object' || data === null) return null;
  const push = data as Partial<TalkTagPush>;
  if (typeof push.talkId !== 'number' || typeof push.subject !== 'string' || !Array.isArray(push.tags))
    return null;
  return push as TalkTagPush;
}

/**
 * Keeps the tags of a subject's records current when the server publishes `PublishTalkTag`
 * (002 §7): the grid's pages and the open record take the record's new set of tags in place,
 * without reloading. `onPush` hears each change of this subject (a grid filtered by tag reloads).
 *
 * A push that arrives while a page of the subject is being fetched may be older than what that
 * fetch read, or newer (an automation tags a record right after it was created, while the grid
 * reloads to show it): the fetch's answer would then put the old tags back, or the record was not
 * on any page yet. Such pushes are kept and applied again to each page that arrives, until no page
 * is being fetched.
 */
export function useRecordTagsLive(subject: string, onPush?: (push: TalkTagPush) => void): void {
  const queryClient = useQueryClient();
  const late = useRef(new Map<number, TalkTag[]>());

  const apply = (talkId: number, tags: TalkTag[]) => {
    queryClient.setQueriesData<PagedTalks>({ queryKey: ['talks', subject] }, (old) =>
      old?.itens.some((t) => t.talkId === talkId)
        ? { ...old, itens: old.itens.map((t) => (t.talkId === talkId ? { ...t, tags } : t)) }
        : old,
    );
    queryClient.setQueryData<ApiTalk>(['talk', subject, talkId], (old) => (old ? { ...old, tags } : old));
  };
  const fetchingPages = () => queryClient.isFetching({ queryKey: ['talks', subject] }) > 0;

  useRealtimeEvent(realtimeEvents.talkTag, (data) => {
    const push = readPush(data);
    if (!push || push.subject !== subject) return;
    apply(push.talkId, push.tags);
    if (fetchingPages()) late.current.set(push.talkId, push.tags);
    onPush?.(push);
  });

  useEffect(() => {
    const kept = late.current;
    kept.clear();
    return queryClient.getQueryCache().subscribe((event) => {
      if (kept.size === 0 || event.type !== 'updated' || event.action.type !== 'success') return;
      const key = event.query.queryKey as readonly unknown[];
      if (key[0] !== 'talks' || key[1] !== subject) return;
      for (const [talkId, tags] of kept) apply(talkId, tags);
      if (!fetchingPages()) kept.clear();
    });
    // apply and fetchingPages read only the client and the subject this effect depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, subject]);
}
