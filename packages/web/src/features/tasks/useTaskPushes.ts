import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { TASK_SUBJECT } from '@talkbase/domain/tasks/task-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '../realtime/useRealtimeEvent.ts';
import { readAgain } from '../realtime/read-again.ts';
import { taskKeys } from './tasks-api.ts';

/**
 * Another tab or person started, paused or finished a task (SendTalkUpdates for `tarefa`): the
 * running task and the tasks shown are read again, so every tab shows the server's state.
 */
export function useTaskPushes(): void {
  const queryClient = useQueryClient();
  const readTasks = () =>
    void readAgain(queryClient, { queryKey: taskKeys.inProgress }, { queryKey: ['task'] });
  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    const subject = (data as { subject?: unknown } | null)?.subject;
    if (subject === TASK_SUBJECT) readTasks();
  });
  // Back from a cut connection: a task started or stopped meanwhile was never pushed.
  useRealtimeResync(readTasks, { firstOpen: false });
}
