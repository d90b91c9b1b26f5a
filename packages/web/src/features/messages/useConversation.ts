import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, type MessagePush, type TalkMessage } from '@talkbase/domain/contracts/messages';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { useMemo } from 'react';
import { useRealtimeEvent, useRealtimeResync } from '../realtime/useRealtimeEvent.ts';
import { readAgain } from '../realtime/read-again.ts';
import { fetchMessages, fetchParticipants, fetchUnread } from './messages-api.ts';

export const messagesKey = (subject: string, talkId: number) => ['messages', subject, talkId] as const;
export const unreadKey = (subject: string, talkId: number) => ['messages-unread', subject, talkId] as const;

function isPushFor(data: unknown, subject: string, talkId: number): data is MessagePush {
  if (typeof data !== 'object' || data === null) return false;
  const push = data as Partial<MessagePush>;
  return push.talkId === talkId && push.subject?.toLowerCase() === subject.toLowerCase();
}

/**
 * A record's thread: its pages (newest first from the server, shown oldest first), its unread
 * count, and the accounts a message may be addressed to. A push of a message on this record
 * (SendTalkMessage) reloads the thread and the count.
 */
export function useConversation(subject: string, talkId: number) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey: messagesKey(subject, talkId),
    queryFn: ({ pageParam, signal }) => fetchMessages(subject, talkId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.itens.length > 0 && last.currentPage * MESSAGE_PAGE_SIZE < last.totalResults
        ? last.currentPage + 1
        : undefined,
  });
  const unread = useQuery({
    queryKey: unreadKey(subject, talkId),
    queryFn: ({ signal }) => fetchUnread(subject, talkId, signal),
  });
  const participants = useQuery({
    queryKey: ['messages-participants', subject, talkId],
    queryFn: ({ signal }) => fetchParticipants(subject, talkId, signal),
    staleTime: 60_000,
  });

  const readThread = () =>
    void readAgain(
      queryClient,
      { queryKey: messagesKey(subject, talkId) },
      { queryKey: unreadKey(subject, talkId) },
    );
  useRealtimeEvent(realtimeEvents.talkMessage, (data) => {
    if (isPushFor(data, subject, talkId)) readThread();
  });
  // A message written before the socket opened (the page reads the thread first) or while it was
  // cut was never pushed: a conversation is read again at every opening.
  useRealtimeResync(readThread, { firstOpen: true });

  // Pages move as messages arrive: a message may show up on two of them.
  const messages = useMemo(() => {
    const seen = new Map<number, TalkMessage>();
    for (const page of pages.data?.pages ?? []) for (const m of page.itens) seen.set(m.messageId, m);
    return [...seen.values()].sort((a, b) => a.messageId - b.messageId);
  }, [pages.data]);

  return { pages, unread, participants, messages };
}
