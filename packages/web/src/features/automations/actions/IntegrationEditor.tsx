import { Alert, Group, Loader, Text } from '@mantine/core';
import { automationMessages } from '@talkbase/domain/automations/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { automationsText } from '../../../i18n/automations.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { fetchJobActions } from '../automations-api.ts';
import type { ActionEditorProps } from './types.ts';

const text = automationsText.action;

/**
 * The five integration kinds (000 §3): the spec names them without describing them, so nothing
 * runs them unless the server has a handler registered for the kind (`GET /api/job/actions`).
 * Without one the step says so, in the server's words, and counts as invalid (the server refuses
 * the job with 422 anyway); with one, the step keeps what it was saved with. Not in the picker.
 */
export function IntegrationEditor({ step, onInputProblem }: ActionEditorProps) {
  const actions = useQuery({
    queryKey: ['automations', 'actions'],
    queryFn: ({ signal }) => fetchJobActions(signal),
    staleTime: 60_000,
  });
  const available = actions.data?.integrationKinds.some((k) => k === step.workStepType);
  const unavailable = actions.data !== undefined && !available;

  // The card's callback is new on every render: reported once per change of availability.
  const report = useEffectEvent((message: string | undefined) => onInputProblem('workStepType', message));
  useEffect(() => {
    report(unavailable ? automationMessages.integrationUnavailable : undefined);
    return () => report(undefined);
  }, [unavailable]);

  if (actions.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {text.integrationChecking}
        </Text>
      </Group>
    );
  if (actions.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {text.integrationCheckError}
      </Text>
    );
  if (unavailable)
    return (
      <Alert color="red" variant="light" icon={<Icon name="error" />} role="alert">
        {automationMessages.integrationUnavailable}
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed">
      {text.integration}
    </Text>
  );
}
