import { Alert, Badge, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoStepState } from '@talkbase/domain/contracts/two-step';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { twoStepText as text } from '../../i18n/two-step.ts';
import { notify } from '../notices/notices-store.ts';
import {
  confirmTwoStep,
  disableTwoStep,
  fetchOwnTwoStep,
  startTwoStep,
  twoStepKeys,
} from '../security/two-step-api.ts';
import { FormSection as Section } from '../users/AccountFormParts.tsx';

type Mode = 'idle' | 'confirming' | 'disabling';

/** The server's message for a field, or for the call. */
function messageOf(err: unknown, field?: string): string {
  if (err instanceof ApiError) {
    const own = err.errors.find((e) => !field || e.field === field) ?? err.errors[0];
    if (own?.message) return own.message;
  }
  return text.failed;
}

/** Enter in a field of this section acts here, not on the profile form around it. */
const onEnter = (act: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  act();
};

/**
 * "Verificação em duas etapas" on the own profile (issue 34 item 4): switched on after the code
 * e-mailed for it is entered, switched off with the current password.
 */
export function TwoStepSection() {
  const state = useQuery({ queryKey: twoStepKeys.own, queryFn: ({ signal }) => fetchOwnTwoStep(signal) });
  return (
    <Section title={text.title}>
      {state.isPending && <Skeleton role="status" height={72} aria-label={text.title} />}
      {state.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {text.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void state.refetch()}>
              {text.reload}
            </Button>
          </Stack>
        </Alert>
      )}
      {state.data && <TwoStepControls state={state.data} />}
    </Section>
  );
}

function TwoStepControls({ state }: { state: TwoStepState }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const settle = (next: TwoStepState, message: string) => {
    queryClient.setQueryData(twoStepKeys.own, next);
    setMode('idle');
    setCode('');
    setPassword('');
    setError(null);
    notify({ kind: 'success', message });
  };

  const start = useMutation({
    mutationFn: startTwoStep,
    onSuccess: () => {
      setMode('confirming');
      setCode('');
      setError(null);
    },
    onError: (err) => {
      notify({ kind: 'error', message: messageOf(err) });
    },
  });
  const confirm = useMutation({
    mutationFn: confirmTwoStep,
    onSuccess: (next) => {
      settle(next, text.turnedOn);
    },
    onError: (err) => {
      setError(messageOf(err, 'passcode'));
    },
  });
  const disable = useMutation({
    mutationFn: disableTwoStep,
    onSuccess: (next) => {
      settle(next, text.turnedOff);
    },
    onError: (err) => {
      setError(messageOf(err, 'currentPassword'));
    },
  });

  const submitCode = () => {
    const given = code.trim();
    if (!/^\d{6}$/.test(given)) {
      setError(text.codeInvalid);
      return;
    }
    confirm.mutate(given);
  };
  const submitPassword = () => {
    if (!password) {
      setError(text.passwordRequired);
      return;
    }
    disable.mutate(password);
  };
  const cancel = () => {
    setMode('idle');
    setError(null);
    setCode('');
    setPassword('');
  };

  return (
    <Stack gap="sm" maw={560} data-testid="two-step">
      <Group gap="sm">
        <Badge variant="filled" color={state.enabled ? 'teal.9' : 'gray.7'}>
          {state.enabled ? text.on : text.off}
        </Badge>
        {state.requiredByCompany && (
          <Badge variant="light" color="blue">
            {text.requiredByCompany}
          </Badge>
        )}
        {state.changedAt !== null && (
          <Text size="sm" c="dimmed">
            {text.changedAt(formatDateTime(new Date(state.changedAt), DEFAULT_TIME_ZONE))}
          </Text>
        )}
      </Group>
      <Text size="sm">{text.intro}</Text>
      {state.requiredByCompany && !state.enabled && <Text size="sm">{text.requiredByCompanyHint}</Text>}
      {!state.email && <Text size="sm">{text.noEmail}</Text>}
      {state.email && mode === 'idle' && (
        <Group>
          {state.enabled ? (
            <Button
              variant="default"
              color="red"
              onClick={() => {
                setMode('disabling');
                setError(null);
              }}
            >
              {text.turnOff}
            </Button>
          ) : (
            <Button
              loading={start.isPending}
              onClick={() => {
                start.mutate();
              }}
            >
              {text.turnOn}
            </Button>
          )}
        </Group>
      )}
      {state.email && mode === 'confirming' && (
        <Stack gap="sm">
          <Alert color="blue" variant="light" role="status">
            <Text size="sm">{text.codeSent(state.email)}</Text>
          </Alert>
          <TextInput
            label={text.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            maw={220}
            value={code}
            error={error}
            autoFocus
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onEnter(submitCode)}
          />
          <Group gap="sm">
            <Button loading={confirm.isPending} onClick={submitCode}>
              {text.confirm}
            </Button>
            <Button
              variant="subtle"
              loading={start.isPending}
              onClick={() => {
                start.mutate();
              }}
            >
              {text.resend}
            </Button>
            <Button variant="default" onClick={cancel}>
              {text.cancel}
            </Button>
          </Group>
        </Stack>
      )}
      {state.email && mode === 'disabling' && (
        <Stack gap="sm">
          <Text size="sm">{text.offHint}</Text>
          <PasswordInput
            label={text.currentPassword}
            autoComplete="current-password"
            maw={320}
            value={password}
            error={error}
            autoFocus
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onEnter(submitPassword)}
          />
          <Group gap="sm">
            <Button color="red.9" loading={disable.isPending} onClick={submitPassword}>
              {text.turnOff}
            </Button>
            <Button variant="default" onClick={cancel}>
              {text.cancel}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
