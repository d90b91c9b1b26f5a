import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  emptyConfig,
  type NotificationConfig,
  type NotificationReceiver,
} from '@talkbase/domain/contracts/jobs';
import { automationsText } from '../../../i18n/automations.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { fetchRooms } from '../../rooms/rooms-api.ts';
import { fetchAccounts } from '../../users/users-api.ts';
import { fetchNotificationChoices } from '../automations-api.ts';
import { ConfigList, replaceAt } from './ConfigList.tsx';
import { RECEIVER_TYPES, type ReceiverType } from './receivers.ts';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/** Notification: a notification of the notifications screens, and who receives it (accounts, rooms). */
export function NotificationActionEditor(props: ActionEditorProps) {
  const configs = props.step.configs as NotificationConfig[];
  const notifications = useQuery({
    queryKey: ['jobs', 'notification-choices'],
    queryFn: ({ signal }) => fetchNotificationChoices(signal),
    staleTime: 30_000,
  });
  const accounts = useQuery({
    queryKey: ['jobs', 'account-choices'],
    queryFn: ({ signal }) => fetchAccounts({ page: 1, size: 500, term: '' }, signal),
    staleTime: 30_000,
  });
  const rooms = useQuery({
    queryKey: ['jobs', 'room-choices'],
    queryFn: ({ signal }) => fetchRooms({ page: 1, fetch: 500 }, signal),
    staleTime: 30_000,
  });
  const optionsOf = (type: ReceiverType | null) =>
    type === 'room'
      ? (rooms.data?.itens ?? []).map((r) => ({ value: String(r.roomId), label: r.roomName }))
      : type === 'account'
        ? (accounts.data?.itens ?? []).map((a) => ({
            value: String(a.accountId),
            label: a.email ? `${a.displayName} (${a.email})` : a.displayName,
          }))
        : [];
  const set = (i: number, next: NotificationConfig) =>
    props.onChange({ ...props.step, configs: replaceAt(configs, i, next) });
  const failed = notifications.isError || accounts.isError || rooms.isError;
  return (
    <>
      {failed && (
        <Text size="sm" c="red" role="alert">
          {text.loadError}
        </Text>
      )}
      <ConfigList
        configs={configs}
        problem={props.problem('configs')}
        onAdd={() => props.onChange({ ...props.step, configs: [...configs, emptyConfig('Notification')] })}
        onRemove={(i) => props.onChange({ ...props.step, configs: configs.filter((_, j) => j !== i) })}
        render={(config, i) => (
          <Stack gap="xs">
            <Select
              label={text.notification}
              placeholder={notifications.isPending ? text.loading : text.notificationPlaceholder}
              required
              searchable
              data={(notifications.data?.itens ?? []).map((n) => ({
                value: String(n.notificationId),
                label: n.notificationName,
              }))}
              value={config.notificationId ? String(config.notificationId) : null}
              onChange={(v) => set(i, { ...config, notificationId: v === null ? null : Number(v) })}
              error={props.problem(`configs.${i}.notificationId`)}
            />
            <Text size="sm" fw={500}>
              {text.receivers}
            </Text>
            {config.receivers.map((receiver, r) => {
              const type = (RECEIVER_TYPES as readonly unknown[]).includes(receiver.receiverType)
                ? (receiver.receiverType as ReceiverType)
                : null;
              const update = (next: NotificationReceiver) =>
                set(i, { ...config, receivers: replaceAt(config.receivers, r, next) });
              return (
                <Group key={r} gap="xs" align="flex-end" wrap="nowrap">
                  <Select
                    label={`${text.receiverType} ${r + 1}`}
                    data={RECEIVER_TYPES.map((t) => ({ value: t, label: text.receiverTypes[t] }))}
                    value={type}
                    allowDeselect={false}
                    onChange={(v) => update({ receiverType: v, receiverId: null })}
                    w={200}
                  />
                  <Select
                    label={`${text.receiver} ${r + 1}`}
                    data={optionsOf(type)}
                    value={receiver.receiverId ? String(receiver.receiverId) : null}
                    onChange={(v) => update({ ...receiver, receiverId: v === null ? null : Number(v) })}
                    searchable
                    disabled={type === null}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={4}
                    aria-label={text.removeReceiver(r + 1)}
                    title={text.removeReceiver(r + 1)}
                    onClick={() =>
                      set(i, { ...config, receivers: config.receivers.filter((_, j) => j !== r) })
                    }
                  >
                    <Icon name="delete" />
                  </ActionIcon>
                </Group>
              );
            })}
            {props.problem(`configs.${i}.receivers`) && (
              <Text size="xs" c="red" role="alert">
                {props.problem(`configs.${i}.receivers`)}
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              leftSection={<Icon name="add" />}
              onClick={() =>
                set(i, {
                  ...config,
                  receivers: [...config.receivers, { receiverType: 'account', receiverId: null }],
                })
              }
            >
              {text.addReceiver}
            </Button>
          </Stack>
        )}
      />
    </>
  );
}
