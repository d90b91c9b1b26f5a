import { Button } from '@mantine/core';
import { formatDuration } from '@talkbase/domain/fields/time';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { tasksText } from '../../i18n/tasks.ts';
import { Icon } from '../../ui/Icon.tsx';
import { fetchInProgress, taskKeys } from './tasks-api.ts';
import { useTaskPushes } from './useTaskPushes.ts';
import { useTaskTimer } from './useTaskTimer.ts';
import './tasks.css';

/**
 * The top bar's running task: its timer, linking to the active-task scenario. Nothing when no task
 * runs, when the account may not read tasks, or while the answer is loading or failed (the bar
 * must never get in the way).
 */
export function RunningTaskIndicator() {
  useTaskPushes();
  const inProgress = useQuery({
    queryKey: taskKeys.inProgress,
    queryFn: ({ signal }) => fetchInProgress(signal),
    refetchOnWindowFocus: true,
    // Another device may start or stop the account's task; pushes cover this browser's tabs.
    refetchInterval: 60_000,
    retry: false,
  });
  const task = inProgress.data?.message ?? null;
  const seconds = useTaskTimer(task, inProgress.dataUpdatedAt);
  if (!task) return null;
  const time = formatDuration(seconds);
  return (
    <Button
      component={Link}
      to="/context/activetask/tarefa"
      variant="filled"
      color="teal.9"
      // Mantine lightens a 9-shade on hover (to 8, 3.9:1 with white): keep the hover as dark.
      vars={() => ({ root: { '--button-hover': 'var(--mantine-color-teal-9)' } })}
      size="compact-sm"
      className="running-task-indicator"
      leftSection={<Icon name="timer" size="1.1em" />}
      aria-label={tasksText.indicator(task.talkId, time)}
      title={task.title}
    >
      {time}
    </Button>
  );
}
