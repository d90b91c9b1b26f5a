import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxUnread, NotificationPush } from '@talkbase/domain/contracts/notifications';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { Link } from 'react-router';
import { unreadBadgeLabel } from '../../i18n/notifications-badge.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useRealtimeEvent, useRealtimeResync } from '../realtime/useRealtimeEvent.ts';
import { readAgain } from '../realtime/read-again.ts';
import { fetchUnread, notificationKeys } from './notifications-api.ts';

function isPush(data: unknown): data is NotificationPush {
  return (
    typeof data === 'object' && data !== null && typeof (data as { unread?: unknown }).unread === 'number'
  );
}

/** The top bar's bell with the count of unread inbox rows (001 §2.15), kept current by SendNotification. */
export function UnreadBadge() {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnread(signal),
  });
  useRealtimeEvent(realtimeEvents.notification, (data) => {
    // The pushed count is the newest: a load in flight (read before it) must not overwrite it.
    if (isPush(data))
      void queryClient
        .cancelQueries({ queryKey: notificationKeys.unread })
        .then(() => queryClient.setQueryData<InboxUnread>(notificationKeys.unread, { unread: data.unread }));
    else void readAgain(queryClient, { queryKey: notificationKeys.unread });
  });
  // A notification sent before the connection (re)opened was not pushed: count again.
  useRealtimeResync(
    () => {
      void readAgain(queryClient, { queryKey: notificationKeys.unread });
    },
    { firstOpen: true },
  );
  const count = unread.data?.unread ?? 0;
  const label = unreadBadgeLabel(count);
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count === 0}
      size={16}
      offset={6}
      color="red"
      data-testid="unread-badge"
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        className="bar-button"
        aria-label={label}
        title={label}
      >
        <Icon name="notifications" />
      </ActionIcon>
    </Indicator>
  );
}
