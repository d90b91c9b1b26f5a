import { z } from 'zod';
import { idSchema } from './ids.ts';
import { apiTalkSchema, pagedTalksSchema, talkFilterSchema, talkWriteSchema } from './talks.ts';
import { TASK_ACTIONS, TASK_STATES } from '../tasks/task-state.ts';

export { TASK_ACTION_PATHS, TASK_PATHS } from './task-paths.ts';

/** POST /talk/tarefa: a talk's values; `start: true` inserts and starts it (002 §4). */
export const taskCreateSchema = talkWriteSchema.extend({ start: z.boolean().optional() });
export type TaskCreate = z.input<typeof taskCreateSchema>;

/** POST /talk/tarefa/iniciar, /pausar, /finalizar. */
export const taskActionSchema = z.object({ talkId: idSchema });

/** POST /talk/filter/tarefa/: the records filter, with the task list's `scenario: 'Task'` and `term`. */
export const taskFilterSchema = talkFilterSchema;

/** A task's timer and state as the server counts them. */
export const taskInfoSchema = z.object({
  talkId: z.number().int(),
  title: z.string(),
  state: z.enum(TASK_STATES),
  /** The status name shown ('Aguardando Execução', 'Em Execução', 'Pausada', 'Finalizada'). */
  status: z.string(),
  /** When the current run started (ISO), while running; null otherwise. */
  runningSince: z.string().nullable(),
  /** Who runs it, while running. */
  runningBy: z.object({ accountId: z.number().int(), name: z.string() }).nullable(),
  /** Milliseconds worked in the runs already closed (pauses and finish). */
  accumulatedMs: z.number().int(),
  /** Whole seconds worked at `serverTime`, the current run included (`duracaototal`). */
  elapsedSeconds: z.number().int(),
  /** The server's clock when it answered (ISO): the browser corrects its own clock by it. */
  serverTime: z.string(),
  forecastStart: z.string().nullable(),
  forecastEnd: z.string().nullable(),
  /** HH:MM:SS, or null. */
  estimatedDuration: z.string().nullable(),
  /** Delays at `serverTime`: finishing needs the matching reasons. */
  delay: z.object({ deadline: z.boolean(), estimate: z.boolean() }),
  deadlineReason: z.string().nullable(),
  estimateReason: z.string().nullable(),
  actions: z.array(z.enum(TASK_ACTIONS)),
});
export type TaskInfo = z.infer<typeof taskInfoSchema>;

/** GET /talk/tarefa/{id}: the talk with its task state. */
export const apiTaskSchema = apiTalkSchema.extend({ task: taskInfoSchema });
export type ApiTask = z.infer<typeof apiTaskSchema>;

/** Answer of /iniciar, /pausar, /finalizar. */
export const taskActionAnswerSchema = z.object({
  talkId: z.number().int(),
  message: z.string(),
  task: taskInfoSchema,
});
export type TaskActionAnswer = z.infer<typeof taskActionAnswerSchema>;

/** Answer of POST /talk/tarefa. */
export const taskCreateAnswerSchema = z.object({
  resourceId: z.number().int(),
  message: z.string(),
  /** With `start: true`: whether it also started; when not, `errors` say why. */
  started: z.boolean().optional(),
  errors: z.array(z.object({ message: z.string(), field: z.string().optional() })).optional(),
  task: taskInfoSchema.optional(),
});
export type TaskCreateAnswer = z.infer<typeof taskCreateAnswerSchema>;

/** GET /Talk/Task/InProgress: the account's running task, or null (002 §7 "answer: message"). */
export const taskInProgressAnswerSchema = z.object({ message: taskInfoSchema.nullable() });
export type TaskInProgressAnswer = z.infer<typeof taskInProgressAnswerSchema>;

/** POST /talk/filter/tarefa/: the spec's `items`, and `itens` as every other list answers. */
export const taskPageSchema = pagedTalksSchema.extend({ items: z.array(apiTalkSchema) });
export type TaskPage = z.infer<typeof taskPageSchema>;

/** Extra fields of a refused start or finish: the attributes the estimates or reasons modal asks for. */
export interface TaskRefusal {
  missingEstimates?: string[];
  missingReasons?: string[];
}
