import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  NOTIFICATION_DEFAULT_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZES,
  NOTIFICATION_SEARCH_MAX,
  type NotificationListItem,
} from '@talkbase/domain/contracts/notifications';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { notificationsText } from '../../i18n/notifications.ts';
import { ListSearchBox } from '../settings-list/ListSearchBox.tsx';
import { NewItemButton, RowLink, RowRemoveButton } from '../settings-list/ListButtons.tsx';
import { SettingsList } from '../settings-list/SettingsList.tsx';
import { useListPaging } from '../settings-list/useListPaging.ts';
import { useListQuery } from '../settings-list/useListQuery.ts';
import { useListRemoval } from '../settings-list/useListRemoval.ts';
import { useListSearch } from '../settings-list/useListSearch.ts';
import { useRefreshParam } from '../settings-list/useRefreshParam.ts';
import { deleteNotification, fetchNotifications, notificationKeys } from './notifications-api.ts';
import './notifications.css';

const text = notificationsText.list;
export const FORM_PATH = '/config/notifications/form';

/** 'Notificações' (001 §2.10): paged names, search by name, edit and delete. */
export function NotificationListPage() {
  const paging = useListPaging(NOTIFICATION_DEFAULT_PAGE_SIZE);
  const search = useListSearch(paging);
  const list = useListQuery(
    { page: paging.page, fetch: paging.pageSize, term: search.term },
    notificationKeys.list,
    fetchNotifications,
  );
  // The form sets `refresh` after a save (001 §2.10).
  useRefreshParam(notificationKeys.all);
  const removal = useListRemoval<NotificationListItem>({
    remove: (n) => deleteNotification(n.notificationId),
    removedTitle: () => text.removed,
    reload: [notificationKeys.all],
    paging,
    list,
    failure: {
      // 422: automations use it (001 §8), shown as an alert that stays until closed.
      notice: (err) =>
        err instanceof ApiError && err.status === 422
          ? { kind: 'alert', title: text.hasAutomations }
          : { title: text.removeError },
    },
  });

  return (
    <SettingsList
      title={text.title}
      actions={<NewItemButton to={FORM_PATH}>{text.newNotification}</NewItemButton>}
      toolbar={<ListSearchBox search={search} texts={text} maxLength={NOTIFICATION_SEARCH_MAX} maw={360} />}
      list={list}
      texts={text}
      paging={paging}
      pageSizes={NOTIFICATION_PAGE_SIZES}
      removal={removal}
    >
      {(rows) => (
        <ul className="notification-list" aria-label={text.title}>
          {rows.map((n) => (
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
                <RowLink to={`${FORM_PATH}/${n.notificationId}`} label={text.edit(n.notificationName)} />
                <RowRemoveButton label={text.remove(n.notificationName)} onClick={() => removal.ask(n)} />
              </Group>
            </li>
          ))}
        </ul>
      )}
    </SettingsList>
  );
}
