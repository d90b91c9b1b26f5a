import { Alert, Button, Card, List, Stack, Title } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { checkTaskEstimate, TASK_ATTRIBUTES } from '@talkbase/domain/tasks/task-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { editorFor } from '../../fields/registry.ts';
import { tasksText } from '../../i18n/tasks.ts';
import { notify } from '../notices/notices-store.ts';
import { createTask, taskKeys } from './tasks-api.ts';

const text = tasksText;
const FIELDS: string[] = [TASK_ATTRIBUTES.title, TASK_ATTRIBUTES.forecastEnd, TASK_ATTRIBUTES.estimate];
const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

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
  const [values, setValues] = useState(new Map<string, unknown>());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const valueOf = (identifier: string) => values.get(identifier) ?? null;

  const submit = async () => {
    const found: Record<string, string> = {};
    for (const a of attributes) if (empty(valueOf(a.identifier))) found[a.identifier] = text.required(a.name);
    for (const e of checkTaskEstimate({
      forecastEnd: valueOf(TASK_ATTRIBUTES.forecastEnd),
      estimate: valueOf(TASK_ATTRIBUTES.estimate),
    }))
      found[e.field] ??= e.message;
    setErrors(found);
    setGeneral([]);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await createTask(
        attributes.map((a) => ({ subjectAttributeId: a.subjectAttributeId, value: valueOf(a.identifier) })),
        true,
      );
      void queryClient.invalidateQueries({ queryKey: ['talks', 'tarefa'] });
      if (answer.started) {
        notify({ kind: 'success', title: answer.message });
        setValues(new Map());
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
        setGeneral([text.messages.createdNotStarted, ...(answer.errors ?? []).map((e) => e.message)]);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const byField: Record<string, string> = {};
        for (const e of err.errors) if (e.field) byField[e.field] ??= e.message;
        setErrors(byField);
        setGeneral(err.errors.filter((e) => !e.field || !FIELDS.includes(e.field)).map((e) => e.message));
      } else setGeneral([text.messages.insertFailed]);
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
          {general.length > 0 && (
            <Alert color="red" role="alert">
              <List size="sm">
                {general.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {attributes.map((a) => {
            const Editor = editorFor(a.componentId);
            return (
              <Editor
                key={a.identifier}
                attribute={a}
                label={a.name}
                id={`quick-task-${a.identifier}`}
                value={valueOf(a.identifier)}
                onChange={(v) => {
                  setValues((prev) => new Map(prev).set(a.identifier, v));
                  setErrors(({ [a.identifier]: _gone, ...rest }) => rest);
                }}
                readOnly={false}
                required
                error={errors[a.identifier]}
                subject={context.subject.subjectIdentifier}
                talkId={0}
                valueOf={valueOf}
              />
            );
          })}
          <Button type="submit" loading={busy} leftSection={undefined} style={{ alignSelf: 'flex-start' }}>
            {text.quick.createAndStart}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
