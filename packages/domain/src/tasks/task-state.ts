import { normalizeForSearch } from '../fields/select.ts';

/**
 * A task's life (spec 002 §4): not started → running ↔ paused, and finished from running or
 * paused. Starting a paused task resumes it. The state lives on the server; the status attribute
 * (`statustarefa`) shows it with the product's names.
 */
export const TASK_STATES = ['waiting', 'running', 'paused', 'finished'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const TASK_ACTIONS = ['start', 'pause', 'finish'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** The status names the task area shows for each state ('Aguardando Execução' and 'Em Execução' are the spec's). */
export const TASK_STATUS_NAMES: Readonly<Record<TaskState, string>> = {
  waiting: 'Aguardando Execução',
  running: 'Em Execução',
  paused: 'Pausada',
  finished: 'Finalizada',
};

const TRANSITIONS: Readonly<Record<TaskState, Partial<Record<TaskAction, TaskState>>>> = {
  waiting: { start: 'running' },
  running: { pause: 'paused', finish: 'finished' },
  paused: { start: 'running', finish: 'finished' },
  finished: {},
};

/** The state an action leads to, or undefined when the action is not allowed in that state. */
export function nextTaskState(state: TaskState, action: TaskAction): TaskState | undefined {
  return TRANSITIONS[state][action];
}

/** The actions allowed in a state, in the order the screens show them. */
export function allowedTaskActions(state: TaskState): TaskAction[] {
  return TASK_ACTIONS.filter((action) => nextTaskState(state, action) !== undefined);
}

/**
 * The state a status name stands for (case and accents ignored; 'Pausado', 'Finalizado' and
 * 'Concluída' are read too), or undefined for a name the task area does not know.
 */
export function taskStateOfStatus(name: string | null | undefined): TaskState | undefined {
  const key = normalizeForSearch(name ?? '').trim();
  if (!key) return undefined;
  for (const state of TASK_STATES) if (normalizeForSearch(TASK_STATUS_NAMES[state]) === key) return state;
  if (key.startsWith('paus')) return 'paused';
  if (key.startsWith('finaliz') || key.startsWith('conclu')) return 'finished';
  if (key.startsWith('em execu')) return 'running';
  if (key.startsWith('aguard')) return 'waiting';
  return undefined;
}
