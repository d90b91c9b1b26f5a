import { Alert, Badge, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_TYPE, type AccountDetail } from '@talkbase/domain/contracts/account';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { twoStepText } from '../../i18n/two-step.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { fetchAccountTwoStep, setAccountTwoStep, twoStepKeys } from '../security/two-step-api.ts';
import { useSession } from '../session/useSession.ts';
import { accountName } from './user-form.ts';

const text = twoStepText;

/**
 * An account's two-step sign-in on its edit form (issue 34 item 4): administrators switch it on or
 * off for another person; the server keeps room 1's accounts for room 1's administrators.
 */
export function AccountTwoStep({ account }: { account: AccountDetail }) {
  const session = useSession();
  const own = session?.user.accountId === account.accountId;
  const person = account.accountType === ACCOUNT_TYPE.person;
  const state = useQuery({
    queryKey: twoStepKeys.account(account.accountId),
    queryFn: ({ signal }) => fetchAccountTwoStep(account.accountId, signal),
    enabled: person && !own,
  });
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const name = accountName(account);
  const change = useMutation({
    mutationFn: (enabled: boolean) => setAccountTwoStep(account.accountId, enabled),
    onSuccess: (next) => {
      setConfirming(false);
      queryClient.setQueryData(twoStepKeys.account(account.accountId), next);
      notify({ kind: 'success', message: next.enabled ? text.user.onFor(name) : text.user.offFor(name) });
    },
    onError: (err) => {
      setConfirming(false);
      const message = err instanceof ApiError && err.errors[0]?.message ? err.errors[0].message : text.failed;
      notify({ kind: 'error', message });
    },
  });
  if (!person || own) return null;
  const enabled = state.data?.enabled ?? false;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={text.title}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600}>{text.title}</Text>
          {state.isPending && <Skeleton role="status" height={22} width={90} aria-label={text.title} />}
          {state.data && (
            <Badge variant="filled" color={enabled ? 'teal.9' : 'gray.7'}>
              {enabled ? text.on : text.off}
            </Badge>
          )}
          {state.data?.requiredByCompany && (
            <Badge variant="light" color="blue">
              {text.requiredByCompany}
            </Badge>
          )}
        </Group>
        {state.data && account.email && !account.inativo && (
          <Button
            variant="default"
            leftSection={<Icon name={enabled ? 'key' : 'lock'} />}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {enabled ? text.user.turnOff : text.user.turnOn}
          </Button>
        )}
      </Group>
      {state.data && !account.email && (
        <Text size="sm" mt="xs">
          {text.noEmail}
        </Text>
      )}
      {state.isError && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          <Group gap="sm">
            {text.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void state.refetch()}>
              {text.reload}
            </Button>
          </Group>
        </Alert>
      )}
      <ConfirmModal
        opened={confirming}
        title={text.title}
        confirmLabel={enabled ? text.user.turnOff : text.user.turnOn}
        danger={enabled}
        busy={change.isPending}
        onClose={() => {
          if (!change.isPending) setConfirming(false);
        }}
        onConfirm={() => {
          change.mutate(!enabled);
        }}
      >
        {enabled ? text.user.turnOffConfirm(name) : text.user.turnOnConfirm(name)}
      </ConfirmModal>
    </Paper>
  );
}
