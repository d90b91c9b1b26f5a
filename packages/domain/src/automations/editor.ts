import {
  BY_FILTER_KINDS,
  EVENT_TYPE,
  JOB_NAME_MAX,
  TAG_KINDS,
  emptyConfig,
  type ActionKind,
  type EventStep,
  type EventType,
  type Job,
  type JobEvent,
  type Work,
  type WorkStep,
} from '../contracts/jobs.ts';
import { automationMessages as m } from './messages.ts';
import { eventStepProblems, type ValidateJobOptions } from './validate-automation.ts';

/**
 * The automation editor's pure transitions (spec 000 §4). The web editor calls these and renders
 * the result; nothing here touches the DOM or the network.
 */

/** A blank event step, event step, work step and work, and a new job with one of each (the editor's start). */
export const emptyEventStep = (): EventStep => ({
  eventStepId: null,
  eventStepType: null,
  subjectId: null,
  filterName: '',
  filter: null,
  filterId: null,
  cron: null,
  dialogTypeId: null,
});
export const emptyEvent = (): JobEvent => ({
  eventId: null,
  name: '',
  once: false,
  negate: false,
  steps: [emptyEventStep()],
});
export const emptyWorkStep = (): WorkStep => ({
  workStepId: null,
  workStepType: '',
  name: '',
  subjectId: null,
  filterName: '',
  filter: null,
  filterId: null,
  configs: [],
});
export const emptyWork = (): Work => ({ workId: null, name: '', steps: [emptyWorkStep()] });
export const emptyJob = (): Job => ({ jobId: null, name: '', events: [emptyEvent()], works: [emptyWork()] });

/**
 * Action gating: actions may be configured only once every event has at least one step and every
 * event step has a type, a filter name and a valid filter (and, for a schedule, a valid cron).
 * While false the editor shows `automationMessages.eventsIncomplete` over the actions.
 */
export function eventsComplete(job: Job, options?: ValidateJobOptions): boolean {
  return (
    job.events.length > 0 &&
    job.events.every(
      (e) => e.steps.length > 0 && e.steps.every((s) => eventStepProblems(s, options).length === 0),
    )
  );
}

/** The gate's message, or null when actions may be configured. */
export function actionsGateMessage(job: Job, options?: ValidateJobOptions): string | null {
  return eventsComplete(job, options) ? null : m.eventsIncomplete;
}

/** The only actions that make sense after a record is deleted (000 §4). */
export const ACTIONS_KEPT_ON_DELETE: readonly ActionKind[] = ['SendEmail', 'SetTalkValueByFilter'];

export interface EventTypeChange {
  /** The job with the new type and, when it became a delete, only the kept actions. */
  job: Job;
  /** True when action steps would be removed: ask (`automationMessages.deleteEventRemovesActions`) first. */
  needsConfirmation: boolean;
  /** The action steps the change removes. */
  removed: WorkStep[];
}

/**
 * Changes the type of an event step (the first by default). Changing a step to delete (3) from
 * any other type removes every action except SendEmail and SetTalkValueByFilter (000 §4 names the
 * change from 1; after a delete there is no record to act on whatever the type was before, so it
 * applies from 5 and 6 too). Action steps with no kind chosen yet are removed as well. Works left
 * without steps are kept (empty) so the editor keeps its place. Apply `job` only once confirmed.
 * A cron string is kept only on a schedule step, a tag only on a "tag gained" one.
 */
export function changeEventType(
  job: Job,
  eventIndex: number,
  newType: EventType,
  stepIndex = 0,
): EventTypeChange {
  const event = job.events[eventIndex];
  const step = event?.steps[stepIndex];
  if (!event || !step) return { job, needsConfirmation: false, removed: [] };
  const becomesDelete = newType === EVENT_TYPE.delete && step.eventStepType !== EVENT_TYPE.delete;
  const events = job.events.map((e, i) =>
    i !== eventIndex
      ? e
      : {
          ...e,
          steps: e.steps.map((s, j) =>
            j !== stepIndex
              ? s
              : {
                  ...s,
                  eventStepType: newType,
                  cron: newType === EVENT_TYPE.schedule ? (s.cron ?? null) : null,
                  tagId: newType === EVENT_TYPE.tagGained ? (s.tagId ?? null) : null,
                },
          ),
        },
  );
  if (!becomesDelete) return { job: { ...job, events }, needsConfirmation: false, removed: [] };
  const removed: WorkStep[] = [];
  const works = job.works.map((w) => ({
    ...w,
    steps: w.steps.filter((s) => {
      const keep = s.workStepType !== '' && ACTIONS_KEPT_ON_DELETE.includes(s.workStepType);
      if (!keep) removed.push(s);
      return keep;
    }),
  }));
  return { job: { ...job, events, works }, needsConfirmation: removed.length > 0, removed };
}

const isTagKind = (k: string): boolean => (TAG_KINDS as readonly string[]).includes(k);
const isByFilter = (k: string): boolean => (BY_FILTER_KINDS as readonly string[]).includes(k);

/**
 * Chooses another action for a step. SetTalkTag ↔ RemoveTalkTag keep their configurations (000
 * §4); any other change starts from one empty configuration of the new kind. The step's own filter
 * (subject, name, tree) is kept while both kinds are by-filter kinds, cleared otherwise. Ids stay.
 */
export function switchActionKind(step: WorkStep, kind: ActionKind): WorkStep {
  if (step.workStepType === kind) return step;
  if (isTagKind(step.workStepType) && isTagKind(kind)) return { ...step, workStepType: kind };
  const keepFilter = isByFilter(step.workStepType) && isByFilter(kind);
  return {
    ...step,
    workStepType: kind,
    configs: [emptyConfig(kind)],
    ...(keepFilter ? {} : { subjectId: null, filterName: '', filter: null, filterId: null }),
  };
}

/** The name a copy gets: ' (Cópia)' appended when the name is unchanged, cut to fit the maximum. */
export function copyName(name: string, originalName: string): string {
  if (name.trim() !== originalName.trim()) return name;
  const base = name.trim().slice(0, JOB_NAME_MAX - m.copySuffix.length);
  return `${base}${m.copySuffix}`;
}

/**
 * "Salvar Como" (000 §4): the same job with every id cleared (job, events, event steps, works,
 * work steps, filters), so saving creates a new job; the name gets ' (Cópia)' when unchanged.
 * References inside configurations (tags, notifications, attributes, parent jobs) are kept.
 */
export function saveAsCopy(job: Job, originalName: string): Job {
  return {
    jobId: null,
    name: copyName(job.name, originalName),
    events: job.events.map((e) => ({
      ...e,
      eventId: null,
      steps: e.steps.map((s) => ({ ...s, eventStepId: null, filterId: null })),
    })),
    works: job.works.map((w) => ({
      ...w,
      workId: null,
      steps: w.steps.map((s) => ({ ...s, workStepId: null, filterId: null })),
    })),
  };
}

/**
 * Event types a run over existing records has no meaning for: the record is gone (delete), or the
 * event is a moment, not a state a record is in (deactivated, file added, tag gained: issue 33).
 */
export const EVENTS_ONLY_TYPES: readonly EventType[] = [
  EVENT_TYPE.delete,
  EVENT_TYPE.deactivated,
  EVENT_TYPE.fileAdded,
  EVENT_TYPE.tagGained,
  EVENT_TYPE.slaAtRisk,
  EVENT_TYPE.slaBreached,
];

/**
 * Whether saving offers 'Executar esta automação para os registro existentes?' (000 §4): on the
 * first save of a job whose first event step is set and is not a delete (nor another event that
 * only a moment fires: `EVENTS_ONLY_TYPES`).
 */
export function offersRunOnExisting(job: Job, isNew: boolean): boolean {
  const first = job.events[0]?.steps[0]?.eventStepType ?? null;
  return isNew && first !== null && !EVENTS_ONLY_TYPES.includes(first);
}
