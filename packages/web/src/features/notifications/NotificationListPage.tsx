import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_DEFAULT_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZES,
  NOTIFICATION_SEARCH_MAX,
  type NotificationListItem,
} from '@talkbase/domain/contracts/notifications';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { notificationsText } from '../../i18n/notifications.ts';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { forgetTab } from '../tabs/tabs-store.ts';
import { deleteNotification, fetchNotifications, notificationKeys } from './notifications-api.ts';
import './notifications.css';

const text = notificationsText.list;
export const FORM_PATH = '/config/notifications/form';

/** 'Notificações' (001 §2.10): paged names, search by name, edit and delete. */
export function NotificationListPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [fetch, setFetch] = useState<number>(NOTIFICATION_DEFAULT_PAGE_SIZE);
  const [term, setTerm] = useState('');
  const [deferredTerm] = useDebouncedValue(term.trim(), 300);
  const [removing, setRemoving] = useState<NotificationListItem | null>(null);
  const query = { page, fetch, term: deferredTerm };
  const list = useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => fetchNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

  // The form sets `refresh` after a save (001 §2.10); the list reloads and drops the parameter.
  const [params] = useSearchParams();
  const refresh = params.get('refresh');
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (refresh === null) return;
    const withRefresh = `${location.pathname}${location.search}`;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    void (async () => {
      await navigate(location.pathname, { replace: true });
      forgetTab(withRefresh, location.pathname);
    })();
  }, [refresh, queryClient, navigate, location.pathname, location.search]);

  const remove = useMutation({
    mutationFn: (id: number) => deleteNotification(id),
    onSuccess: async () => {
      setRemoving(null);
      notify({ kind: 'success', title: text.removed });
      if (page > 1 && list.data?.itens.length === 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (err) => {
      setRemoving(null);
      // 422: automations use it (001 §8), shown as an alert that stays until closed.
      if (err instanceof ApiError && err.status === 422)
        notify({ kind: 'alert', title: text.hasAutomations, durationMs: 10_000 });
      else notify({ kind: 'error', title: text.removeError, durationMs: 10_000 });
    },
  });

  const total = list.data?.totalResults ?? 0;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {text.title}
        </Title>
        <Button component={Link} to={FORM_PATH} leftSection={<Icon name="add" />}>
          {text.newNotification}
        </Button>
      </Group>
      <TextInput
        label={text.search}
        value={term}
        maxLength={NOTIFICATION_SEARCH_MAX}
        leftSection={<Icon name="search" />}
        rightSection={
          term ? (
            <CloseButton
              aria-label={text.clearSearch}
              onClick={() => {
                setTerm('');
                setPage(1);
              }}
            />
          ) : null
        }
        onChange={(e) => {
          setTerm(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <Paper withBorder radius="md">
        <ListStates
          query={list}
          empty={list.data?.itens.length === 0}
          texts={{ loadError: text.loadError, reload: text.reload, empty: text.empty }}
        />
        {list.data && list.data.itens.length > 0 && (
          <ul className="notification-list" aria-label={text.title}>
            {list.data.itens.map((n) => (
              <li key={n.notificationId} className="notification-row">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`${FORM_PATH}/${n.notificationId}`} truncate>
                    {n.notificationName}
                  </Anchor>
                  {n.notificationDescription && (
                    <Text size="sm" c="dimmed" truncate>
                      {n.notificationDescription}
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    component={Link}
                    to={`${FORM_PATH}/${n.notificationId}`}
                    variant="subtle"
                    aria-label={text.edit(n.notificationName)}
                    title={text.edit(n.notificationName)}
                  >
                    <Icon name="edit" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={text.remove(n.notificationName)}
                    title={text.remove(n.notificationName)}
                    onClick={() => setRemoving(n)}
                  >
                    <Icon name="delete" />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Paper>
      {list.data && total > 0 && (
        <ListPager
          totalText={text.total(total)}
          total={total}
          page={page}
          pageSize={fetch}
          pageSizes={NOTIFICATION_PAGE_SIZES}
          pageSizeLabel={text.pageSize}
          onPage={setPage}
          onPageSize={(size) => {
            setFetch(size);
            setPage(1);
          }}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={text.removeTitle}
        danger
        busy={remove.isPending}
        onClose={() => {
          if (!remove.isPending) setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing.notificationId)}
      >
        {text.confirmRemove}
      </ConfirmModal>
    </Stack>
  );
}
