import type { TaskAction } from '../tasks/task-state.ts';

// Without zod: the web app's top bar asks for the running task on every signed-in screen
// (issue 18, first load). ./tasks.ts re-exports these with the task calls' schemas.

/** The task calls (spec 002 §7): POST /talk/tarefa, /iniciar, /pausar, /finalizar, InProgress. */
export const TASK_PATHS = {
  create: '/api/talk/tarefa',
  one: (id: number) => `/api/talk/tarefa/${String(id)}`,
  action: (action: TaskAction) => `/api/talk/tarefa/${TASK_ACTION_PATHS[action]}`,
  inProgress: '/api/Talk/Task/InProgress',
  filter: '/api/talk/filter/tarefa/',
} as const;

export const TASK_ACTION_PATHS: Readonly<Record<TaskAction, string>> = {
  start: 'iniciar',
  pause: 'pausar',
  finish: 'finalizar',
};
