import { Button, Card, Stack, Title } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { checkTaskEstimate, TASK_ATTRIBUTES } from '@talkbase/domain/tasks/task-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { tasksText } from '../../i18n/tasks.ts';
import { notify } from '../notices/notices-store.ts';
import { createTask, taskKeys } from './tasks-api.ts';
import { TaskFields, useTaskFields } from './TaskFields.tsx';

const text = tasksText;
const FIELDS: string[] = [TASK_ATTRIBUTES.title, TASK_ATTRIBUTES.forecastEnd, TASK_ATTRIBUTES.estimate];

/**
 * Fast task creation (002 §4 "inserted and immediately started"): subject, forecast and estimate,
 * then POST /talk/tarefa with `start`. When the task is created but cannot start, says so
 * ('A tarefa foi criada, no entanto não foi possível iniciá-la.') with the server's reasons.
 */
export function QuickTaskForm({
  context,
  onStarted,
}: {
  context: ContextResponse;
  onStarted: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const attributes = FIELDS.map((id) =>
    context.subject.subjectAttributes.find((a) => a.identifier === id),
  ).filter((a) => a !== undefined);
  const form = useTaskFields(attributes);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const estimate = checkTaskEstimate({
      forecastEnd: form.valueOf(TASK_ATTRIBUTES.forecastEnd),
      estimate: form.valueOf(TASK_ATTRIBUTES.estimate),
    });
    if (!form.check(Object.fromEntries(estimate.map((e) => [e.field, e.message])))) return;
    setBusy(true);
    try {
      const answer = await createTask(form.inputs(), true);
      void queryClient.invalidateQueries({ queryKey: ['talks', 'tarefa'] });
      if (answer.started) {
        notify({ kind: 'success', title: answer.message });
        form.clear();
        try {
          await queryClient.refetchQueries({ queryKey: taskKeys.inProgress }, { throwOnError: true });
          onStarted(answer.resourceId);
        } catch {
          // Created and started, but this screen could not read it back (002 §8): start over.
          notify({ kind: 'alert', title: text.messages.insertedAndStartedReloadFailed });
          window.setTimeout(() => window.location.reload(), 2000);
        }
      } else {
        void queryClient.invalidateQueries({ queryKey: taskKeys.inProgress });
        notify({ kind: 'alert', title: text.messages.createdNotStarted, durationMs: 10_000 });
        form.setGeneral([text.messages.createdNotStarted, ...(answer.errors ?? []).map((e) => e.message)]);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) form.showRefusal(err);
      else form.setGeneral([text.messages.insertFailed]);
    } finally {
      setBusy(false);
    }
  };

  if (!context.subject.actions.Create) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="quick-task-title"
      bg="var(--mantine-color-body)"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h5" id="quick-task-title">
            {text.quick.title}
          </Title>
          <TaskFields
            form={form}
            idPrefix="quick-task-"
            subject={context.subject.subjectIdentifier}
            talkId={0}
          />
          <Button type="submit" loading={busy} leftSection={undefined} style={{ alignSelf: 'flex-start' }}>
            {text.quick.createAndStart}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
