import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tasksText } from '../../i18n/tasks.ts';
import { QuickTaskForm } from './QuickTaskForm.tsx';
import { fetchInProgress, fetchTask, taskKeys } from './tasks-api.ts';
import { TaskPanel } from './TaskPanel.tsx';
import { useTaskPushes } from './useTaskPushes.ts';
import './tasks.css';

const text = tasksText;

/**
 * The active-task scenario (/context/activetask/tarefa, 002 §2): the account's running task with
 * its ticking timer, pause and finish. A task paused here stays on screen (to resume or finish
 * it) until the page is left; with nothing running, the fast task creation.
 */
export function ActiveTaskView({ context }: { context: ContextResponse }) {
  useTaskPushes();
  const inProgress = useQuery({
    queryKey: taskKeys.inProgress,
    queryFn: ({ signal }) => fetchInProgress(signal),
    refetchOnWindowFocus: true,
  });
  const running = inProgress.data?.message?.talkId;
  const [shown, setShown] = useState<number | undefined>(undefined);
  if (running !== undefined && running !== shown) setShown(running);
  const id = running ?? shown;
  const task = useQuery({
    queryKey: taskKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchTask(id ?? 0, signal),
    enabled: id !== undefined,
    refetchOnWindowFocus: true,
  });

  if (inProgress.isPending || (id !== undefined && task.isPending)) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={text.loading} />
      </Group>
    );
  }
  if (inProgress.isError || task.isError) {
    return (
      <Alert color="red" role="alert" title={text.loadError} m="md">
        <Button
          variant="light"
          color="red"
          mt="sm"
          onClick={() => {
            void inProgress.refetch();
            if (id !== undefined) void task.refetch();
          }}
        >
          {text.retry}
        </Button>
      </Alert>
    );
  }
  if (id === undefined || !task.data) {
    return (
      <Stack gap="md" className="active-task" maw={720}>
        <Alert color="gray" variant="light" title={text.empty}>
          <Text size="sm">{text.emptyHint}</Text>
        </Alert>
        <QuickTaskForm context={context} onStarted={setShown} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" className="active-task" maw={720}>
      <TaskPanel task={task.data} context={context} receivedAt={task.dataUpdatedAt} />
    </Stack>
  );
}
