import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import {
  jobSchema,
  type EventStep,
  type EventType,
  type Job,
  type JobEvent,
  type SavedJob,
  type WorkStep,
} from '@talkbase/domain/contracts/jobs';
import { changeEventType, eventsComplete, type EventTypeChange } from '@talkbase/domain/automations/editor';
import { automationMessages } from '@talkbase/domain/automations/messages';
import { validateJob, type JobProblem } from '@talkbase/domain/automations/validate-automation';
import { useMemo, useState } from 'react';
import { notify } from '../notices/notices-store.ts';

/** The editor's rules: HttpRequest steps are always valid on screen (000 §5); the server checks the URL. */
const RULES = { httpUrlRequired: false } as const;

/** Where a step is: `events.{i}.steps.{j}` or `works.{i}.steps.{j}` (the paths of validateJob). */
export type StepRef = string;
export const eventRef = (i: number, j: number): StepRef => `events.${i}.steps.${j}`;
export const workRef = (i: number, j: number): StepRef => `works.${i}.steps.${j}`;

function newJob(): Job {
  return jobSchema.parse({ events: [{ steps: [{}] }], works: [{ steps: [] }] });
}

export type JobDraft = ReturnType<typeof useAutomationDraft>;

/**
 * The automation being edited: its events and actions, the one step open for editing, and the
 * problems shown (validateJob's, the server's, the field editors'). 000 §4: a step leaves edit mode
 * only when valid, and actions wait until the events are complete.
 */
export function useAutomationDraft(saved: SavedJob | null, subjects: ReadableSubject[]) {
  const [job, setJob] = useState<Job>(() => (saved ? jobSchema.parse(saved) : newJob()));
  const [active, setActive] = useState<StepRef | null>(() => (saved ? null : eventRef(0, 0)));
  /** Bumped when steps move or go, so each card's field editors start afresh. */
  const [generation, setGeneration] = useState(0);
  const [inputProblems, setInputProblems] = useState<Record<string, string>>({});
  const [serverProblems, setServerProblems] = useState<JobProblem[]>([]);
  const [warning, setWarning] = useState<{ ref: StepRef; message: string } | null>(null);
  /** A save was tried or the name was left: the job-level messages show. */
  const [touched, setTouched] = useState(false);
  const [tried, setTried] = useState<ReadonlySet<StepRef>>(new Set());
  const [pendingType, setPendingType] = useState<EventTypeChange | null>(null);

  const problems = useMemo(() => [...serverProblems, ...validateJob(job, RULES)], [job, serverProblems]);
  const problemAt = (path: string) => problems.find((p) => p.path === path)?.message;
  const stepProblems = (ref: StepRef) =>
    problems.some((p) => p.path.startsWith(`${ref}.`)) ||
    Object.keys(inputProblems).some((k) => k.startsWith(`${ref}.`));
  const gated = !eventsComplete(job, RULES);
  const eventSubject =
    subjects.find((s) => s.subjectId === job.events[0]?.steps[0]?.subjectId)?.subjectIdentifier ?? null;
  const invalid = problems.length > 0 || Object.keys(inputProblems).length > 0;

  const edit = (next: Job) => {
    setJob(next);
    if (serverProblems.length > 0) setServerProblems([]);
    if (warning) setWarning(null);
  };
  const restructure = (next: Job) => {
    edit(next);
    setInputProblems({});
    setGeneration((g) => g + 1);
  };
  const inputProblem = (ref: StepRef) => (key: string, message: string | undefined) =>
    setInputProblems((prev) => {
      const path = `${ref}.${key}`;
      if (message === undefined) {
        if (!(path in prev)) return prev;
        return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== path));
      }
      return prev[path] === message ? prev : { ...prev, [path]: message };
    });

  const hasChoice = (ref: StepRef): boolean => {
    const [area, i, , j] = ref.split('.');
    if (area === 'events') return (job.events[Number(i)]?.steps[Number(j)]?.eventStepType ?? null) !== null;
    return (job.works[Number(i)]?.steps[Number(j)]?.workStepType ?? '') !== '';
  };

  /**
   * 000 §4: a step leaves edit mode only when valid; an invalid one with its type or action chosen
   * says 'Preencha todos os dados corretamente antes de continuar!' and stays open.
   */
  /** A step's messages show once its type or action is chosen, or once closing it was tried. */
  const stepProblemAt = (ref: StepRef, path: string) =>
    hasChoice(ref) || tried.has(ref) ? problemAt(`${ref}.${path}`) : undefined;

  const leaveActive = (): boolean => {
    if (active === null) return true;
    if (stepProblems(active)) setTried((prev) => new Set(prev).add(active));
    if (stepProblems(active) && hasChoice(active)) {
      setWarning({ ref: active, message: automationMessages.invalidStep });
      notify({ kind: 'error', title: automationMessages.invalidStep });
      return false;
    }
    return true;
  };
  const activate = (ref: StepRef) => {
    if (ref === active) return;
    if (ref.startsWith('works.') && gated) {
      setWarning({ ref, message: automationMessages.eventsIncomplete });
      return;
    }
    if (!leaveActive()) return;
    setWarning(null);
    setActive(ref);
  };
  const done = () => {
    if (!leaveActive()) return;
    setWarning(null);
    setActive(null);
  };

  // Events ------------------------------------------------------------------------------------
  const setEventStep = (i: number, j: number, step: EventStep) =>
    edit({
      ...job,
      events: job.events.map((e, ei) =>
        ei !== i ? e : { ...e, steps: e.steps.map((s, sj) => (sj === j ? step : s)) },
      ),
    });
  const setEvent = (i: number, event: JobEvent) =>
    edit({ ...job, events: job.events.map((e, ei) => (ei === i ? event : e)) });
  const changeType = (i: number, j: number, type: EventType) => {
    const change = changeEventType(job, i, type, j);
    if (change.needsConfirmation) setPendingType(change);
    else edit(change.job);
  };
  /** Answers the question of a change of type that removes actions (confirmed or refused). */
  const settlePendingType = (confirmed: boolean) => {
    if (confirmed && pendingType) restructure(pendingType.job);
    setPendingType(null);
  };
  const addEvent = () => {
    if (!leaveActive()) return;
    const next = jobSchema.parse({ ...job, events: [...job.events, { steps: [{}] }] });
    restructure({ ...job, events: next.events });
    setActive(eventRef(job.events.length, 0));
  };
  const removeEventStep = (i: number, j: number) => {
    const events = job.events
      .map((e, ei) => (ei !== i ? e : { ...e, steps: e.steps.filter((_, sj) => sj !== j) }))
      .filter((e) => e.steps.length > 0);
    restructure({ ...job, events });
    if (active?.startsWith('events.')) setActive(null);
  };

  // Actions -----------------------------------------------------------------------------------
  const works = job.works.length > 0 ? job.works : [{ workId: null, name: '', steps: [] }];
  const setWorkStep = (i: number, j: number, step: WorkStep) =>
    edit({
      ...job,
      works: works.map((w, wi) =>
        wi !== i ? w : { ...w, steps: w.steps.map((s, sj) => (sj === j ? step : s)) },
      ),
    });
  const addAction = () => {
    if (gated) return;
    if (!leaveActive()) return;
    const last = works.length - 1;
    const step = jobSchema.parse({ works: [{ steps: [{}] }] }).works[0]?.steps[0];
    if (!step) return;
    const next = works.map((w, wi) => (wi === last ? { ...w, steps: [...w.steps, step] } : w));
    restructure({ ...job, works: next });
    setActive(workRef(last, works[last]?.steps.length ?? 0));
  };
  const removeWorkStep = (i: number, j: number) => {
    restructure({
      ...job,
      works: works.map((w, wi) => (wi !== i ? w : { ...w, steps: w.steps.filter((_, sj) => sj !== j) })),
    });
    if (active?.startsWith('works.')) setActive(null);
  };
  const moveWorkStep = (i: number, j: number, delta: -1 | 1) => {
    const steps = [...(works[i]?.steps ?? [])];
    const target = j + delta;
    if (target < 0 || target >= steps.length) return;
    const [moved] = steps.splice(j, 1);
    if (!moved) return;
    steps.splice(target, 0, moved);
    restructure({ ...job, works: works.map((w, wi) => (wi === i ? { ...w, steps } : w)) });
    if (active === workRef(i, j)) setActive(workRef(i, target));
  };

  return {
    job,
    edit,
    active,
    generation,
    warning,
    touched,
    setTouched,
    setServerProblems,
    problemAt,
    stepProblems,
    stepProblemAt,
    inputProblem,
    gated,
    invalid,
    eventSubject,
    activate,
    done,
    setEventStep,
    setEvent,
    changeType,
    pendingType,
    settlePendingType,
    addEvent,
    removeEventStep,
    works,
    setWorkStep,
    addAction,
    removeWorkStep,
    moveWorkStep,
  };
}
