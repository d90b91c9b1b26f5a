import type { Kysely } from 'kysely';
import type { EventStep, JobEvent, SavedJob, WorkStep } from '@talkbase/domain/contracts/jobs';
import type { Database } from '../../db/schema.ts';
import {
  findJob,
  findJobsForEvent,
  jobsGeneration,
  listScheduledJobs,
} from '../automation-definitions/automation-definitions.repository.ts';

/**
 * Where the engine reads jobs (modules/automation-definitions owns their storage). The engine keeps what it reads per
 * company and checks the company's job generation each round: every job write moves it, so a saved
 * job takes effect on the next event, on every instance.
 */
export interface JobSource {
  /** Jobs of a company with an event step answering `eventType` (5 and 6 also wake 1) on the subject. */
  forEvent(companyId: number, eventType: number, subjectId: number): Promise<SavedJob[]>;
  /** Moves whenever a job of the company is written (the engine's cache key). */
  generation(companyId: number): Promise<number>;
  byId(companyId: number, jobId: number): Promise<SavedJob | null>;
  /** Every company's jobs with a schedule (type 4) event step. */
  scheduled(): Promise<{ companyId: number; job: SavedJob }[]>;
}

/** Flattened work steps of a job, in run order (works in order, each work's steps in order). */
export function workStepsOf(job: SavedJob): WorkStep[] {
  return job.works.flatMap((w) => w.steps).filter((s) => s.workStepType !== '');
}

/** The first step of an event that fires on the given types for the subject. */
export function eventStepFor(
  event: JobEvent,
  types: readonly number[],
  subjectId: number,
): EventStep | undefined {
  return event.steps.find(
    (s) => s.eventStepType !== null && types.includes(s.eventStepType) && s.subjectId === subjectId,
  );
}

/** Event types an outbox event of `eventType` fires: a create or an edit also fires type 1. */
export function firedTypes(eventType: number): number[] {
  if (eventType === 5 || eventType === 6) return [eventType, 1];
  return [eventType];
}

/** The jobs module's storage (modules/automation-definitions/automation-definitions.repository.ts) as the engine reads it. */
export function storedJobs(db: Kysely<Database>): JobSource {
  return {
    async forEvent(companyId, eventType, subjectId) {
      const rows = await findJobsForEvent(db, companyId, subjectId, eventType);
      return rows.map((r) => ({ ...r.job, jobId: r.jobId, name: r.name }));
    },
    generation: (companyId) => jobsGeneration(db, companyId),
    async byId(companyId, jobId) {
      const r = await findJob(db, companyId, jobId);
      return r ? { ...r.job, jobId: r.jobId, name: r.name } : null;
    },
    async scheduled() {
      const steps = await listScheduledJobs(db);
      const out: { companyId: number; job: SavedJob }[] = [];
      for (const jobId of [...new Set(steps.map((s) => s.jobId))]) {
        const companyId = steps.find((s) => s.jobId === jobId)?.companyId ?? 0;
        const r = await findJob(db, companyId, jobId);
        if (r) out.push({ companyId, job: { ...r.job, jobId: r.jobId, name: r.name } });
      }
      return out;
    },
  };
}
