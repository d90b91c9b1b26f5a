import { sql, type Kysely } from 'kysely';
import {
  EVENT_TYPE,
  type EventType,
  type JobEvent,
  type SavedJob,
  type Work,
} from '@talkbase/domain/contracts/jobs';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

/**
 * All SQL of automation jobs (migration 0017). The engine (modules/automations) reads jobs only
 * through `findJob`, `findJobsForEvent`, `listScheduledJobs`, `jobsGeneration` and `jobsReferencing`.
 */

/** A saved job as the engine reads it. */
export interface StoredJob {
  jobId: number;
  companyId: number;
  name: string;
  /** Moves on every save: part of an idempotency key when a run must not mix two versions. */
  version: number;
  updatedAt: number;
  /** The whole job (000 §3) with every id; filters are trees. */
  job: SavedJob;
}

/** One event step of a job that matched an event. */
export interface JobEventMatch {
  eventIndex: number;
  stepIndex: number;
  eventId: number;
  eventStepId: number;
  /** The step's own type: 1 matches a create (5) and an edit (6). */
  eventType: EventType;
  subjectId: number;
  once: boolean;
  negate: boolean;
  /** Tag gained (10): the tag the step waits for; null, any tag. */
  tagId: number | null;
}

export interface JobForEvent extends StoredJob {
  /** The job's event steps that listen to this event (at least one). */
  matches: JobEventMatch[];
}

/** One schedule (type 4) event step of some job, any company. */
export interface ScheduledJobStep {
  jobId: number;
  companyId: number;
  version: number;
  eventIndex: number;
  stepIndex: number;
  eventId: number;
  eventStepId: number;
  subjectId: number;
  /** The 7-field cron string (002 §3); `toStandardCron` in domain/fields/schedule gives 5 fields. */
  cron: string;
}

export type JobRefKind = 'tag' | 'notification' | 'job';

interface JobRow {
  id: number;
  company_id: number;
  name: string;
  document: string;
  version: number;
  updated_at: number | string;
}

const toStored = (r: JobRow): StoredJob => ({
  jobId: r.id,
  companyId: r.company_id,
  name: r.name,
  version: r.version,
  updatedAt: Number(r.updated_at),
  job: JSON.parse(r.document) as SavedJob,
});

const jobColumns = ['id', 'company_id', 'name', 'document', 'version', 'updated_at'] as const;

/**
 * The event types an event step of each type answers: a record created (5) or edited (6) wakes the
 * steps of its own type and those of "create or edit" (1); asking for 1 finds 1, 5 and 6.
 */
export function stepTypesFor(eventType: number): number[] {
  if (eventType === EVENT_TYPE.create || eventType === EVENT_TYPE.edit)
    return [eventType, EVENT_TYPE.createOrEdit];
  if (eventType === EVENT_TYPE.createOrEdit)
    return [EVENT_TYPE.createOrEdit, EVENT_TYPE.create, EVENT_TYPE.edit];
  return [eventType];
}

export async function pageJobs(
  db: Kysely<Database>,
  companyId: number,
  q: { term?: string | undefined; offset: number; limit: number },
): Promise<{
  rows: { id: number; name: string; event_types: string; updated_at: number | string }[];
  total: number;
}> {
  let base = db.selectFrom('jobs').where('company_id', '=', companyId);
  if (q.term) base = base.where(sql<boolean>`name_normalized like ${likePattern(q.term)} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'name', 'event_types', 'updated_at'])
      .orderBy('name_normalized')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findJob(
  db: Kysely<Database>,
  companyId: number,
  jobId: number,
): Promise<StoredJob | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select(jobColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', jobId)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/**
 * The jobs of a company with an event step of a type that answers `eventType` (see `stepTypesFor`)
 * on `subjectId`, each with the steps that matched, in job id order. One indexed query.
 */
export async function findJobsForEvent(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  eventType: number,
): Promise<JobForEvent[]> {
  const steps = await db
    .selectFrom('job_event_steps')
    .select(['id', 'job_id', 'event_id', 'event_index', 'step_index', 'event_type', 'subject_id', 'tag_id'])
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('event_type', 'in', stepTypesFor(eventType))
    .orderBy('job_id')
    .orderBy('event_index')
    .orderBy('step_index')
    .execute();
  if (steps.length === 0) return [];
  const ids = [...new Set(steps.map((s) => s.job_id))];
  const rows = await db
    .selectFrom('jobs')
    .select(jobColumns)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const stored = toStored(r);
    const matches = steps
      .filter((s) => s.job_id === r.id)
      .map((s) => {
        const event: JobEvent | undefined = stored.job.events[s.event_index];
        return {
          eventIndex: s.event_index,
          stepIndex: s.step_index,
          eventId: s.event_id,
          eventStepId: s.id,
          eventType: s.event_type as EventType,
          subjectId: s.subject_id,
          once: event?.once ?? false,
          negate: event?.negate ?? false,
          tagId: s.tag_id,
        };
      });
    return { ...stored, matches };
  });
}

/** Read by the scheduler four times a second: compiled once (db/prepared.ts). */
const scheduledSteps = prepared((db: Kysely<Database>, _: 0) =>
  db
    .selectFrom('job_event_steps as s')
    .innerJoin('jobs as j', 'j.id', 's.job_id')
    .select([
      's.job_id',
      's.company_id',
      'j.version',
      's.event_index',
      's.step_index',
      's.event_id',
      's.id',
      's.subject_id',
      's.cron',
    ])
    .where('s.event_type', '=', EVENT_TYPE.schedule)
    .orderBy('s.job_id')
    .orderBy('s.event_index')
    .orderBy('s.step_index'),
);

/** Every schedule event step of every company (the engine's scheduler registers them). */
export async function listScheduledJobs(db: Kysely<Database>): Promise<ScheduledJobStep[]> {
  const rows = await scheduledSteps(db, 0);
  return rows
    .filter((r) => r.cron !== null)
    .map((r) => ({
      jobId: r.job_id,
      companyId: r.company_id,
      version: r.version,
      eventIndex: r.event_index,
      stepIndex: r.step_index,
      eventId: r.event_id,
      eventStepId: r.id,
      subjectId: r.subject_id,
      cron: r.cron ?? '',
    }));
}

/** The company's job generation: moves on every job write (0 before the first). */
export async function jobsGeneration(db: Kysely<Database>, companyId: number): Promise<number> {
  const [row] = await generationOf(db, 0, companyId);
  return row?.generation ?? 0;
}

/** Read by every write that may run automations: compiled once (db/prepared.ts). */
const generationOf = prepared((db: Kysely<Database>, _: 0, companyId: number) =>
  db.selectFrom('job_generations').select('generation').where('company_id', '=', companyId),
);

/** The jobs whose actions point at any of `ids` of a kind (e.g. the notifications being deleted). */
export function jobsReferencing(
  db: Kysely<Database>,
  companyId: number,
  kind: JobRefKind,
  ids: readonly number[],
): Promise<{ jobId: number; name: string; refId: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('job_refs as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select(['r.job_id as jobId', 'j.name as name', 'r.ref_id as refId'])
    .where('r.company_id', '=', companyId)
    .where('r.ref_kind', '=', kind)
    .where('r.ref_id', 'in', [...ids])
    .orderBy('r.job_id')
    .execute();
}

async function bumpGeneration(db: Kysely<Database>, companyId: number): Promise<void> {
  await db
    .insertInto('job_generations')
    .values({ company_id: companyId, generation: 1 })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({ generation: sql<number>`job_generations.generation + 1` }),
    )
    .execute();
}

/** Ids of rows of `table` that belong to the job, for keeping ids the client sends back. */
async function ownIds(
  db: Kysely<Database>,
  table: 'job_events' | 'job_event_steps' | 'job_works' | 'job_work_steps',
  jobId: number,
): Promise<Set<number>> {
  const rows = await db.selectFrom(table).select('id').where('job_id', '=', jobId).execute();
  return new Set(rows.map((r) => r.id));
}

/** What the service hands over to save: the validated job without trust in its ids. */
export interface JobToSave {
  name: string;
  nameNormalized: string;
  events: JobEvent[];
  works: Work[];
  refs: { kind: JobRefKind; id: number }[];
}

/**
 * Writes the job's rows and document in the caller's transaction. Ids the client sent that are
 * this job's are kept (a step moved to another place keeps its id); any other id is replaced by a
 * new one. Returns the saved document.
 */
async function writeJob(
  trx: Kysely<Database>,
  companyId: number,
  jobId: number,
  input: JobToSave,
  at: number,
  version: number,
): Promise<SavedJob> {
  const own = {
    events: await ownIds(trx, 'job_events', jobId),
    eventSteps: await ownIds(trx, 'job_event_steps', jobId),
    works: await ownIds(trx, 'job_works', jobId),
    workSteps: await ownIds(trx, 'job_work_steps', jobId),
  };
  const kept = {
    events: new Set<number>(),
    eventSteps: new Set<number>(),
    works: new Set<number>(),
    workSteps: new Set<number>(),
  };
  const keep = (id: number | null | undefined, mine: Set<number>, used: Set<number>): number | undefined => {
    if (!id || !mine.has(id) || used.has(id)) return undefined;
    used.add(id);
    return id;
  };

  const events: SavedJob['events'] = [];
  for (const [ei, e] of input.events.entries()) {
    let eventId = keep(e.eventId, own.events, kept.events);
    if (eventId === undefined)
      eventId = (
        await trx
          .insertInto('job_events')
          .values({ company_id: companyId, job_id: jobId, position: ei })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    else await trx.updateTable('job_events').set({ position: ei }).where('id', '=', eventId).execute();
    const steps: SavedJob['events'][number]['steps'] = [];
    for (const [si, s] of e.steps.entries()) {
      const values = {
        event_id: eventId,
        event_index: ei,
        step_index: si,
        event_type: s.eventStepType ?? 0,
        subject_id: s.subjectId ?? 0,
        cron: s.eventStepType === EVENT_TYPE.schedule ? (s.cron ?? null) : null,
        tag_id: s.eventStepType === EVENT_TYPE.tagGained ? (s.tagId ?? null) : null,
      };
      let stepId = keep(s.eventStepId, own.eventSteps, kept.eventSteps);
      if (stepId === undefined)
        stepId = (
          await trx
            .insertInto('job_event_steps')
            .values({ company_id: companyId, job_id: jobId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      else await trx.updateTable('job_event_steps').set(values).where('id', '=', stepId).execute();
      steps.push({ ...s, eventStepId: stepId, filterId: stepId, cron: values.cron, tagId: values.tag_id });
    }
    events.push({ ...e, eventId, steps });
  }

  const works: SavedJob['works'] = [];
  for (const [wi, w] of input.works.entries()) {
    let workId = keep(w.workId, own.works, kept.works);
    if (workId === undefined)
      workId = (
        await trx
          .insertInto('job_works')
          .values({ company_id: companyId, job_id: jobId, position: wi })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    else await trx.updateTable('job_works').set({ position: wi }).where('id', '=', workId).execute();
    const steps: SavedJob['works'][number]['steps'] = [];
    for (const [si, s] of w.steps.entries()) {
      const values = { work_id: workId, work_index: wi, step_index: si, kind: s.workStepType };
      let stepId = keep(s.workStepId, own.workSteps, kept.workSteps);
      if (stepId === undefined)
        stepId = (
          await trx
            .insertInto('job_work_steps')
            .values({ company_id: companyId, job_id: jobId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      else await trx.updateTable('job_work_steps').set(values).where('id', '=', stepId).execute();
      steps.push({ ...s, workStepId: stepId, filterId: s.filter ? stepId : null });
    }
    works.push({ ...w, workId, steps });
  }

  // Rows the new version no longer has (steps first: they reference their event / work).
  const drop = async (
    table: 'job_events' | 'job_event_steps' | 'job_works' | 'job_work_steps',
    mine: Set<number>,
    used: Set<number>,
  ) => {
    const gone = [...mine].filter((id) => !used.has(id));
    if (gone.length > 0) await trx.deleteFrom(table).where('id', 'in', gone).execute();
  };
  await drop('job_event_steps', own.eventSteps, kept.eventSteps);
  await drop('job_work_steps', own.workSteps, kept.workSteps);
  await drop('job_events', own.events, kept.events);
  await drop('job_works', own.works, kept.works);

  await trx.deleteFrom('job_refs').where('job_id', '=', jobId).execute();
  const refs = new Map(input.refs.map((r) => [`${r.kind}:${r.id}`, r]));
  if (refs.size > 0)
    await trx
      .insertInto('job_refs')
      .values(
        [...refs.values()].map((r) => ({
          company_id: companyId,
          job_id: jobId,
          ref_kind: r.kind,
          ref_id: r.id,
        })),
      )
      .execute();

  const document: SavedJob = { jobId, name: input.name, events, works };
  const types = [...new Set(events.flatMap((e) => e.steps.map((s) => s.eventStepType)))];
  await trx
    .updateTable('jobs')
    .set({
      name: input.name,
      name_normalized: input.nameNormalized,
      document: JSON.stringify(document),
      event_types: `,${types.join(',')},`,
      version,
      updated_at: at,
    })
    .where('id', '=', jobId)
    .execute();
  await bumpGeneration(trx, companyId);
  return document;
}

export async function insertJob(
  trx: Kysely<Database>,
  companyId: number,
  accountId: number,
  input: JobToSave,
  at: number,
): Promise<SavedJob> {
  const { id } = await trx
    .insertInto('jobs')
    .values({
      company_id: companyId,
      name: input.name,
      name_normalized: input.nameNormalized,
      document: '{}',
      event_types: ',',
      version: 1,
      created_by: accountId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return writeJob(trx, companyId, id, input, at, 1);
}

/** Replaces a job; undefined when it is not the company's. */
export async function updateJob(
  trx: Kysely<Database>,
  companyId: number,
  jobId: number,
  input: JobToSave,
  at: number,
): Promise<SavedJob | undefined> {
  const row = await trx
    .selectFrom('jobs')
    .select('version')
    .where('company_id', '=', companyId)
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!row) return undefined;
  return writeJob(trx, companyId, jobId, input, at, row.version + 1);
}

/** Deletes a job and its rows; false when it is not the company's. */
export async function deleteJob(trx: Kysely<Database>, companyId: number, jobId: number): Promise<boolean> {
  // Children explicitly (SQLite enforces the cascade only with foreign keys switched on).
  const owned = await trx
    .selectFrom('jobs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!owned) return false;
  for (const table of ['job_refs', 'job_event_steps', 'job_work_steps', 'job_events', 'job_works'] as const)
    await trx.deleteFrom(table).where('job_id', '=', jobId).execute();
  await trx.deleteFrom('jobs').where('id', '=', jobId).execute();
  await bumpGeneration(trx, companyId);
  return true;
}
