import { Badge, Group } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import { useQuery } from '@tanstack/react-query';
import { fetchTask, taskKeys } from './tasks-api.ts';
import { TaskControls } from './TaskControls.tsx';
import { TaskTimer } from './TaskTimer.tsx';
import { useTaskPushes } from './useTaskPushes.ts';
import './tasks.css';

/**
 * The task's state, timer and actions above a task record's views (form, talk): start, pause and
 * finish from the record itself. Shows nothing while loading or when the task cannot be read
 * (the record's own view says why).
 */
export function TaskRecordBar({ context, talkId }: { context: ContextResponse; talkId: number }) {
  useTaskPushes();
  const task = useQuery({
    queryKey: taskKeys.one(talkId),
    queryFn: ({ signal }) => fetchTask(talkId, signal),
    refetchOnWindowFocus: true,
  });
  if (!task.data) return null;
  const info = task.data.task;
  return (
    <Group gap="sm" className="task-record-bar" wrap="wrap">
      <Badge variant="filled" color={info.state === 'running' ? 'teal.9' : 'gray.7'}>
        {info.status}
      </Badge>
      <TaskTimer task={info} receivedAt={task.dataUpdatedAt} size="sm" />
      <TaskControls task={task.data} context={context} receivedAt={task.dataUpdatedAt} />
    </Group>
  );
}
