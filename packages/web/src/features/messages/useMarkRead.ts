import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { markMessagesRead } from './messages-api.ts';
import { unreadKey } from './useConversation.ts';

/** Whether the element is on screen and the window in front (assumed so where the browser cannot tell). */
function useSeen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver === 'undefined');
  const [inFront, setInFront] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const node = target.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      setOnScreen(entries.some((e) => e.isIntersecting));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [target]);
  useEffect(() => {
    const update = () => setInFront(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return onScreen && inFront;
}

/** Marks the thread read up to its newest message once the reader can see it. */
export function useMarkRead(
  subject: string,
  talkId: number,
  newest: number,
  unread: number,
  target: RefObject<HTMLElement | null>,
): void {
  const queryClient = useQueryClient();
  const seen = useSeen(target);
  const marked = useRef(0);
  useEffect(() => {
    if (!seen || newest <= marked.current || unread === 0) return;
    marked.current = newest;
    markMessagesRead(subject, talkId, newest)
      .then((count) => queryClient.setQueryData(unreadKey(subject, talkId), count))
      .catch(() => {
        // Left unread: the next message or visit marks it again.
        marked.current = 0;
      });
  }, [seen, newest, unread, subject, talkId, queryClient]);
}
