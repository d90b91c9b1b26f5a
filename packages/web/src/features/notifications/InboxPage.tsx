import {
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INBOX_DEFAULT_PAGE_SIZE,
  INBOX_PAGE_SIZES,
  type InboxItem,
  type InboxPage as InboxAnswer,
  type InboxUnread,
} from '@talkbase/domain/contracts/notifications';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationsText } from '../../i18n/notifications.ts';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { useRealtimeEvent, useRealtimeResync } from '../realtime/useRealtimeEvent.ts';
import { readAgain } from '../realtime/read-again.ts';
import { contextPath } from '../records/context-route.ts';
import { fetchInbox, markRead, notificationKeys } from './notifications-api.ts';
import './notifications.css';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';

const text = notificationsText.inbox;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** 'd de MMM de yyyy' in pt-BR (001 §2.15), e.g. '5 de mar. de 2026'. */
export function inboxDate(iso: string): string {
  return dayjs(iso).locale('pt-br').format('D [de] MMM [de] YYYY');
}

function target(item: InboxItem): string | null {
  if (!item.subject) return null;
  return item.talkId
    ? contextPath('talk', item.subject, { talkId: item.talkId })
    : contextPath('grid', item.subject);
}

/** The inbox at /notifications (001 §2.15): two views, read markers, read on click, live reload. */
export function InboxPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useState(1);
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(INBOX_DEFAULT_PAGE_SIZE);
  const query = { page, fetch, view };
  const key = notificationKeys.inboxPage(query);
  const inbox = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchInbox(query, signal),
    placeholderData: keepPreviousData,
  });
  useRealtimeEvent(realtimeEvents.notification, () => {
    void readAgain(queryClient, { queryKey: notificationKeys.inbox });
  });
  useRealtimeResync(
    () => {
      void readAgain(queryClient, { queryKey: notificationKeys.inbox });
    },
    { firstOpen: true },
  );

  const open = async (item: InboxItem) => {
    const to = target(item);
    if (!item.status) {
      // Marked at once, then told to the server; a refusal puts the marker back (001 §4).
      const before = queryClient.getQueryData<InboxAnswer>(key);
      const unreadBefore = queryClient.getQueryData<InboxUnread>(notificationKeys.unread);
      queryClient.setQueryData<InboxAnswer>(
        key,
        (d) =>
          d && {
            ...d,
            itens: d.itens.map((i) => (i.id === item.id ? { ...i, status: true } : i)),
            unread: Math.max(0, d.unread - 1),
          },
      );
      if (unreadBefore)
        queryClient.setQueryData<InboxUnread>(notificationKeys.unread, {
          unread: Math.max(0, unreadBefore.unread - 1),
        });
      const read = markRead(item.id).then(
        (answer) => {
          queryClient.setQueryData<InboxUnread>(notificationKeys.unread, { unread: answer.unread });
        },
        () => {
          queryClient.setQueryData(key, before);
          if (unreadBefore) queryClient.setQueryData(notificationKeys.unread, unreadBefore);
          notify({ kind: 'alert', title: text.readError, durationMs: 10_000 });
        },
      );
      if (!to) await read;
    }
    if (to) await navigate(to);
  };

  const total = inbox.data?.totalResults ?? 0;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <SegmentedControl
          aria-label={text.view}
          value={String(view)}
          onChange={(v) => {
            setView(Number(v));
            setPage(1);
          }}
          data={[1, 2].map((v) => ({ value: String(v), label: text.views[v] ?? String(v) }))}
        />
      </Group>
      <Paper withBorder radius="md">
        <ListStates
          query={inbox}
          empty={inbox.data?.itens.length === 0}
          texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
          rowHeight={48}
        />
        {inbox.data && inbox.data.itens.length > 0 && (
          <ul className="inbox-list" aria-label={text.title}>
            {inbox.data.itens.map((item) => (
              <InboxRow key={item.id} item={item} onOpen={() => void open(item)} />
            ))}
          </ul>
        )}
      </Paper>
      {inbox.data && total > 0 && (
        <ListPager
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={INBOX_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}

function InboxRow({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  const color = item.color && HEX.test(item.color) ? item.color : 'var(--mantine-primary-color-filled)';
  const marker = item.status ? text.read : text.unread;
  return (
    <li className="inbox-item" data-read={String(item.status)}>
      <UnstyledButton className="inbox-button" style={{ '--inbox-color': color }} onClick={onOpen}>
        <ThemeIcon variant="light" radius="xl" size="lg" color={color} aria-hidden>
          <Icon name={item.subjectIcon || 'notifications'} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text className="inbox-title" truncate>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={item.data}>{inboxDate(item.data)}</time>
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {item.description}
          </Text>
        </Stack>
        <span title={marker} className="inbox-marker">
          <Icon name={item.status ? 'done_all' : 'done'} />
          <VisuallyHidden>{marker}</VisuallyHidden>
        </span>
      </UnstyledButton>
    </li>
  );
}
