import { z } from 'zod';
import { idSchema } from './ids.ts';
import type { ApiTalk, PagedTalks } from './talks.ts';
import { talkFilterSchema, talkWriteSchema } from './talks.ts';
import type { TaskAction, TaskState } from '../tasks/task-state.ts';

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

/** POST /talk/tarefa: a talk's values; `start: true` inserts and starts it (002 §4). */
export const taskCreateSchema = talkWriteSchema.extend({ start: z.boolean().optional() });
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** POST /talk/tarefa/iniciar, /pausar, /finalizar. */
export const taskActionSchema = z.object({ talkId: idSchema });

/** POST /talk/filter/tarefa/: the records filter, with the task list's `scenario: 'Task'` and `term`. */
export const taskFilterSchema = talkFilterSchema;

/** A task's timer and state as the server counts them. */
export interface TaskInfo {
  talkId: number;
  title: string;
  state: TaskState;
  /** The status name shown ('Aguardando Execução', 'Em Execução', 'Pausada', 'Finalizada'). */
  status: string;
  /** When the current run started (ISO), while running; null otherwise. */
  runningSince: string | null;
  /** Who runs it, while running. */
  runningBy: { accountId: number; name: string } | null;
  /** Milliseconds worked in the runs already closed (pauses and finish). */
  accumulatedMs: number;
  /** Whole seconds worked at `serverTime`, the current run included (`duracaototal`). */
  elapsedSeconds: number;
  /** The server's clock when it answered (ISO): the browser corrects its own clock by it. */
  serverTime: string;
  forecastStart: string | null;
  forecastEnd: string | null;
  /** HH:MM:SS, or null. */
  estimatedDuration: string | null;
  /** Delays at `serverTime`: finishing needs the matching reasons. */
  delay: { deadline: boolean; estimate: boolean };
  deadlineReason: string | null;
  estimateReason: string | null;
  actions: TaskAction[];
}

/** GET /talk/tarefa/{id}: the talk with its task state. */
export type ApiTask = ApiTalk & { task: TaskInfo };

/** Answer of /iniciar, /pausar, /finalizar. */
export interface TaskActionAnswer {
  talkId: number;
  message: string;
  task: TaskInfo;
}

/** Answer of POST /talk/tarefa. */
export interface TaskCreateAnswer {
  resourceId: number;
  message: string;
  /** With `start: true`: whether it also started; when not, `errors` say why. */
  started?: boolean;
  errors?: { message: string; field?: string }[];
  task?: TaskInfo;
}

/** GET /Talk/Task/InProgress: the account's running task, or null (002 §7 "answer: message"). */
export interface TaskInProgressAnswer {
  message: TaskInfo | null;
}

/** POST /talk/filter/tarefa/: the spec's `items`, and `itens` as every other list answers. */
export type TaskPage = PagedTalks & { items: ApiTalk[] };

/** Extra fields of a refused start or finish: the attributes the estimates or reasons modal asks for. */
export interface TaskRefusal {
  missingEstimates?: string[];
  missingReasons?: string[];
}
