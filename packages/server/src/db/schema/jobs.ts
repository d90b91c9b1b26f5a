import type { Generated } from 'kysely';

/** Automations (jobs): the job document and the rows that give ids and indexes. */
export interface JobTables {
  jobs: JobsTable;
  job_events: JobEventsTable;
  job_event_steps: JobEventStepsTable;
  job_works: JobWorksTable;
  job_work_steps: JobWorkStepsTable;
  job_refs: JobRefsTable;
  job_generations: JobGenerationsTable;
  automation_pauses: AutomationPausesTable;
}

/** Automations (migration 0017, modules/automation-definitions): the job document and the rows that give ids and indexes. */
export interface JobsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_normalized: string;
  /** JSON: the job as the API answers it (000 §3), every id filled in. */
  document: string;
  /** Comma-wrapped event types of its steps (',1,5,'). */
  event_types: string;
  version: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface JobEventsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  position: number;
}

export interface JobEventStepsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  event_id: number;
  event_index: number;
  step_index: number;
  event_type: number;
  subject_id: number;
  cron: string | null;
  /** Tag gained (type 10): the tag it waits for; null, any (migration 0025). */
  tag_id: number | null;
}

export interface JobWorksTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  position: number;
}

export interface JobWorkStepsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  work_id: number;
  work_index: number;
  step_index: number;
  kind: string;
}

/** What a job's actions point at: 'tag', 'notification', 'job' (ExecuteParentJob). */
export interface JobRefsTable {
  company_id: number;
  job_id: number;
  ref_kind: string;
  ref_id: number;
}

/** Moved on every job write of the company: engines re-read their jobs when it changes. */
export interface JobGenerationsTable {
  company_id: number;
  generation: number;
}

/** A company whose automation engine is paused (migration 0024, modules/automations): no run starts or continues. */
export interface AutomationPausesTable {
  company_id: number;
  paused_at: number;
  /** The account that paused it. */
  paused_by: number | null;
}
