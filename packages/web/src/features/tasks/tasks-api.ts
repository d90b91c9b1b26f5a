import type {
  ApiTask,
  TaskActionAnswer,
  TaskCreateAnswer,
  TaskInProgressAnswer,
} from '@talkbase/domain/contracts/tasks';
import { TASK_PATHS } from '@talkbase/domain/contracts/task-paths';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { PagedTalks, TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import type { TaskAction } from '@talkbase/domain/tasks/task-state';
import { apiCall, apiRequest } from '../../api/client.ts';

/** The task calls of spec 002 §7, typed by the domain contract. */

export interface TalkValueInput {
  subjectAttributeId: number;
  value: unknown;
}

export const taskKeys = {
  inProgress: ['task-in-progress'] as const,
  one: (id: number) => ['task', id] as const,
};

export function fetchInProgress(signal?: AbortSignal): Promise<TaskInProgressAnswer> {
  return apiRequest(TASK_PATHS.inProgress, signal ? { signal } : {});
}

export function fetchTask(id: number, signal?: AbortSignal): Promise<ApiTask> {
  return apiRequest(TASK_PATHS.one(id), signal ? { signal } : {});
}

export function runTaskAction(action: TaskAction, talkId: number): Promise<TaskActionAnswer> {
  return apiRequest(TASK_PATHS.action(action), { method: 'POST', body: { talkId } });
}

/** POST /talk/tarefa; `start` inserts and starts it. */
export async function createTask(
  talkValues: TalkValueInput[],
  start: boolean,
): Promise<TaskCreateAnswer & { location: string | null }> {
  const answer = await apiCall<TaskCreateAnswer>(TASK_PATHS.create, {
    method: 'POST',
    body: { subject: 'tarefa', talkValues, start },
  });
  return { ...answer.body, location: answer.headers.get('location') };
}

/** PUT /talk/tarefa/{id}: the estimates or the delay reasons, with the version the user saw. */
export function saveTaskValues(id: number, version: number, talkValues: TalkValueInput[]): Promise<unknown> {
  return apiRequest(TASK_PATHS.one(id), {
    method: 'PUT',
    body: { subject: 'tarefa', talkId: id, version, talkValues },
  });
}

/** POST /talk/filter/tarefa/: a page of tasks (the records filter with the task list's scenario). */
export function filterTasks(body: TalkFilterRequest, signal?: AbortSignal): Promise<PagedTalks> {
  return apiRequest(TASK_PATHS.filter, { method: 'POST', body, ...(signal ? { signal } : {}) });
}

/** GET /context/web/grid/tarefa: what the account may do with tasks, and their attributes. */
export function fetchTaskContext(signal?: AbortSignal): Promise<ContextResponse> {
  return apiRequest('/api/context/web/grid/tarefa?templateId=', signal ? { signal } : {});
}
