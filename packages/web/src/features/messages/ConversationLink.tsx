import { Badge, NavLink, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { conversationText as text } from '../../i18n/conversation.ts';
import { Icon } from '../../ui/Icon.tsx';
import { fetchUnread } from './messages-api.ts';
import { unreadKey } from './useConversation.ts';

export const THREAD_DOM_ID = 'message-thread';

/** The talk view's menu entry for the conversation: its unread count, and a jump to the thread. */
export function ConversationLink({ subject, talkId }: { subject: string; talkId: number }) {
  const unread = useQuery({
    queryKey: unreadKey(subject, talkId),
    queryFn: ({ signal }) => fetchUnread(subject, talkId, signal),
  });
  const count = unread.data?.unread ?? 0;
  return (
    <NavLink
      component="button"
      type="button"
      label={text.title}
      leftSection={<Icon name="forum" size="1.1em" />}
      rightSection={
        count > 0 ? (
          <>
            <Badge color="red.9" size="sm" variant="filled" circle aria-hidden="true">
              {count > 99 ? '99+' : count}
            </Badge>
            <VisuallyHidden>{text.unread(count)}</VisuallyHidden>
          </>
        ) : undefined
      }
      onClick={() => {
        const thread = document.getElementById(THREAD_DOM_ID);
        thread?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        thread?.querySelector<HTMLElement>('textarea')?.focus({ preventScroll: true });
      }}
    />
  );
}
