import { checkDuration, parseDuration } from '../fields/time.ts';
import { taskMessages } from './task-messages.ts';

/** The subject of tasks and the attributes the task rules read (spec 002 §3 "Task attributes"). */
export const TASK_SUBJECT = 'tarefa';
export const TASK_ATTRIBUTES = {
  title: 'assunto',
  status: 'statustarefa',
  forecastStart: 'previsaodeinicio',
  forecastEnd: 'previsaodetermino',
  estimate: 'duracaoestimada',
  total: 'duracaototal',
  deadlineReason: 'motivodeatrasodoprazo',
  estimateReason: 'motivodeatrasodaestimativa',
} as const;

export interface TaskRuleError {
  readonly field: string;
  readonly message: string;
}

/** The values the task rules read, in the API's canonical form (ISO instants, HH:MM:SS). */
export interface TaskValues {
  readonly forecastStart?: unknown;
  readonly forecastEnd?: unknown;
  readonly estimate?: unknown;
  readonly deadlineReason?: unknown;
  readonly estimateReason?: unknown;
}

const filled = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

function instant(v: unknown): Date | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  const d = new Date(v);
  return Number.isFinite(d.getTime()) ? d : null;
}

/** Seconds of an estimated duration, or null when it is empty or malformed. */
export function estimateSeconds(v: unknown): number | null {
  return typeof v === 'string' ? (parseDuration(v) ?? null) : null;
}

/**
 * The estimate must be a valid, non-zero duration that fits between the forecasts
 * ('A duração não pode ser maior do que o período entre a previsão de início e a previsão de
 * término'). An empty estimate is not an error here: only starting needs one.
 */
export function checkTaskEstimate(values: TaskValues): TaskRuleError[] {
  if (!filled(values.estimate)) return [];
  return checkDuration(values.estimate, {
    start: instant(values.forecastStart),
    end: instant(values.forecastEnd),
  }).map((e) => ({ field: TASK_ATTRIBUTES.estimate, message: e.message }));
}

/** Starting needs a completion forecast and an estimated duration (002 §4). */
export function missingEstimates(values: TaskValues): TaskRuleError[] {
  const out: TaskRuleError[] = [];
  if (!instant(values.forecastEnd))
    out.push({ field: TASK_ATTRIBUTES.forecastEnd, message: taskMessages.forecastRequired });
  if (!estimateSeconds(values.estimate))
    out.push({ field: TASK_ATTRIBUTES.estimate, message: taskMessages.estimateRequired });
  return out;
}

export interface TaskDelay {
  /** The completion forecast has passed. */
  readonly deadline: boolean;
  /** The time worked exceeds the estimated duration. */
  readonly estimate: boolean;
}

/** Which delays a task has at `now`, having been worked `elapsedSeconds`. */
export function taskDelay(values: TaskValues, elapsedSeconds: number, now: Date): TaskDelay {
  const end = instant(values.forecastEnd);
  const estimate = estimateSeconds(values.estimate);
  return {
    deadline: end !== null && now.getTime() > end.getTime(),
    estimate: estimate !== null && estimate > 0 && elapsedSeconds > estimate,
  };
}

/**
 * Finishing late, or over the estimate, needs the matching delay reason (002 §4): the reasons a
 * finish still lacks.
 */
export function missingDelayReasons(values: TaskValues, delay: TaskDelay): TaskRuleError[] {
  const out: TaskRuleError[] = [];
  if (delay.deadline && !filled(values.deadlineReason))
    out.push({ field: TASK_ATTRIBUTES.deadlineReason, message: taskMessages.deadlineReasonRequired });
  if (delay.estimate && !filled(values.estimateReason))
    out.push({ field: TASK_ATTRIBUTES.estimateReason, message: taskMessages.estimateReasonRequired });
  return out;
}
