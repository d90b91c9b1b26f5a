import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_TYPE, type AccountDetail } from '@talkbase/domain/contracts/account';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { accountLifeText } from '../../i18n/account-life.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { notify } from '../notices/notices-store.ts';
import { newIntegrationCredentials, sendPasswordReset } from './account-life-api.ts';
import { CredentialsModal } from './CredentialsModal.tsx';
import type { Issued } from './credentials.ts';
import { SuspendConfirm } from './SuspendConfirm.tsx';
import { accountName } from './user-form.ts';

const text = accountLifeText.form;
const listText = accountLifeText.list;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.errors[0]?.message ? err.errors[0].message : fallback;

/**
 * The account's situation on its edit form: active or suspended (and the way to change it), the
 * reset e-mail for a person, and a new password for an integration.
 */
export function AccountLifeActions({ account }: { account: AccountDetail }) {
  const [confirming, setConfirming] = useState<'reset' | 'credentials' | 'active' | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const person = account.accountType === ACCOUNT_TYPE.person;
  const name = accountName(account);

  const reset = useMutation({
    mutationFn: () => sendPasswordReset(account.accountId),
    onSuccess: () => {
      setConfirming(null);
      notify({ kind: 'success', message: text.resetSent(account.email ?? '') });
    },
    onError: (err) => {
      setConfirming(null);
      notify({ kind: 'error', message: messageOf(err, text.resetFailed) });
    },
  });
  const credentials = useMutation({
    mutationFn: () => newIntegrationCredentials(account.accountId),
    onSuccess: (c) => {
      setConfirming(null);
      setIssued({ kind: 'integration', hash: c.hash, password: c.password });
    },
    onError: (err) => {
      setConfirming(null);
      notify({ kind: 'error', message: messageOf(err, text.newPasswordFailed) });
    },
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={text.status}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600}>{text.status}</Text>
          {account.inativo ? (
            <>
              <Badge variant="filled" color="gray.7">
                {text.inactive}
              </Badge>
              <Text size="sm">{text.inactiveHint}</Text>
            </>
          ) : (
            <Badge variant="filled" color="teal.9">
              {text.active}
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {person && account.email && !account.inativo && (
            <Button
              variant="default"
              leftSection={<Icon name="lock_reset" />}
              onClick={() => {
                setConfirming('reset');
              }}
            >
              {text.sendReset}
            </Button>
          )}
          {!person && (
            <Button
              variant="default"
              leftSection={<Icon name="key" />}
              onClick={() => {
                setConfirming('credentials');
              }}
            >
              {text.newPassword}
            </Button>
          )}
          <Button
            variant="default"
            color={account.inativo ? undefined : 'red'}
            leftSection={<Icon name={account.inativo ? 'person_check' : 'person_off'} />}
            onClick={() => {
              setConfirming('active');
            }}
          >
            {account.inativo ? listText.restoreAction : listText.suspendAction}
          </Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={confirming === 'reset'}
        title={text.sendResetTitle}
        confirmLabel={text.sendResetAction}
        busy={reset.isPending}
        onClose={() => {
          if (!reset.isPending) setConfirming(null);
        }}
        onConfirm={() => {
          reset.mutate();
        }}
      >
        {text.sendResetConfirm(account.email ?? '')}
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'credentials'}
        title={text.newPasswordTitle}
        confirmLabel={text.newPasswordAction}
        danger
        busy={credentials.isPending}
        onClose={() => {
          if (!credentials.isPending) setConfirming(null);
        }}
        onConfirm={() => {
          credentials.mutate();
        }}
      >
        {text.newPasswordConfirm}
      </ConfirmModal>
      <SuspendConfirm
        account={confirming === 'active' ? account : null}
        onClose={() => {
          setConfirming(null);
        }}
      />
      <CredentialsModal
        credentials={issued}
        appName={account.appName ?? name}
        onClose={() => {
          setIssued(null);
        }}
      />
    </Paper>
  );
}
