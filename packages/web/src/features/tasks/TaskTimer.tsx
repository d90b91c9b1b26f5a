import { Text } from '@mantine/core';
import type { TaskInfo } from '@talkbase/domain/contracts/tasks';
import { formatDuration } from '@talkbase/domain/fields/time';
import { tasksText } from '../../i18n/tasks.ts';
import { useTaskTimer } from './useTaskTimer.ts';

/** HH:MM:SS of a task's worked time, ticking each second while it runs (002 §4). */
export function TaskTimer({
  task,
  receivedAt,
  size = 'xl',
}: {
  task: TaskInfo;
  receivedAt: number;
  size?: 'sm' | 'xl';
}) {
  const seconds = useTaskTimer(task, receivedAt);
  return (
    <Text
      component="span"
      role="timer"
      aria-label={`${tasksText.timerLabel}: ${formatDuration(seconds)}`}
      className={size === 'xl' ? 'task-timer task-timer-large' : 'task-timer'}
      data-seconds={seconds}
    >
      {formatDuration(seconds)}
    </Text>
  );
}
