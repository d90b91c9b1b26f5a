import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyChannel } from '@talkbase/domain/contracts/notifications';
import { t } from '../../i18n/pt-BR.ts';
import { notificationsText } from '../../i18n/notifications.ts';
import { notify } from '../notices/notices-store.ts';
import { fetchChannels, notificationKeys, toggleChannel } from './notifications-api.ts';
import './notifications.css';

const text = notificationsText.channels;

/** 'Canais' (001 §2.12): the company's channels, switched on or off one at a time. */
export function ChannelsPage() {
  const queryClient = useQueryClient();
  const channels = useQuery({
    queryKey: notificationKeys.channels,
    queryFn: ({ signal }) => fetchChannels(signal),
  });
  const toggle = useMutation({
    mutationFn: (channelId: number) => toggleChannel(channelId),
    onSuccess: async (_answer, channelId) => {
      queryClient.setQueryData<CompanyChannel[]>(notificationKeys.channels, (list) =>
        list?.map((c) => (c.channelId === channelId ? { ...c, isEnable: !c.isEnable } : c)),
      );
      notify({ kind: 'success', title: text.toggled });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.channels });
    },
    onError: () => notify({ kind: 'error', title: text.toggleError, durationMs: 10_000 }),
  });

  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {text.title}
      </Title>
      <Paper withBorder radius="md" p="md">
        {channels.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={t.app.loading}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        )}
        {channels.isError && (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              {text.loadError}
              <Button size="compact-sm" variant="default" onClick={() => void channels.refetch()}>
                {text.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {channels.data?.length === 0 && <Text c="dimmed">{text.empty}</Text>}
        {channels.data && channels.data.length > 0 && (
          <Stack gap="md" role="list" aria-label={text.title}>
            {channels.data.map((c) => {
              const name = notificationsText.channelName(c.channelId, c.channelDescription);
              const busy = toggle.isPending && toggle.variables === c.channelId;
              return (
                <Group key={c.channelId} justify="space-between" role="listitem" wrap="nowrap">
                  <Switch
                    label={name}
                    checked={c.isEnable}
                    // One toggle at a time (001 §4): every switch waits while one is being changed.
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(c.channelId)}
                  />
                  {busy && <Loader size="xs" aria-label={text.busy} />}
                </Group>
              );
            })}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
