import { useQueryClient } from '@tanstack/react-query';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { TalkTag, TalkTagPush } from '@talkbase/domain/contracts/tags';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
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
 */
export function useTalkTagsLive(subject: string, onPush?: (push: TalkTagPush) => void): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(realtimeEvents.talkTag, (data) => {
    const push = readPush(data);
    if (!push || push.subject !== subject) return;
    const tags: TalkTag[] = push.tags;
    queryClient.setQueriesData<PagedTalks>({ queryKey: ['talks', subject] }, (old) =>
      old?.itens.some((t) => t.talkId === push.talkId)
        ? { ...old, itens: old.itens.map((t) => (t.talkId === push.talkId ? { ...t, tags } : t)) }
        : old,
    );
    queryClient.setQueryData<ApiTalk>(['talk', subject, push.talkId], (old) =>
      old ? { ...old, tags } : old,
    );
    onPush?.(push);
  });
}
