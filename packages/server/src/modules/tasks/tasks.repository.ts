import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TaskAction, TaskState } from '@talkbase/domain/tasks/task-state';
import type { TaskEvent } from '@talkbase/domain/tasks/task-timer';
import { talkTable } from '../../records/subject-ddl.ts';

/** SQL of the task timer (migration 0012): each task's run row and its start/pause/finish events. */

export interface TaskRun {
  talkId: number;
  state: TaskState;
  runningBy: number | null;
  runningByName: string | null;
  runningSince: number | null;
  accumulatedMs: number;
}

export async function findRun(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
): Promise<TaskRun | undefined> {
  const rows = await runsOf(db, subjectId, [talkId]);
  return rows.get(talkId);
}

export async function runsOf(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<Map<number, TaskRun>> {
  if (talkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('task_runs as r')
    .leftJoin('accounts as a', 'a.id', 'r.running_by')
    .select(['r.talk_id', 'r.state', 'r.running_by', 'r.running_since', 'r.accumulated_ms', 'a.display_name'])
    .where('r.subject_id', '=', subjectId)
    .where('r.talk_id', 'in', talkIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.talk_id,
      {
        talkId: r.talk_id,
        state: r.state as TaskState,
        runningBy: r.running_by,
        runningByName: r.display_name,
        runningSince: r.running_since,
        accumulatedMs: r.accumulated_ms,
      },
    ]),
  );
}

/** The task an account runs in its company, if any. */
export async function runningTaskOf(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
): Promise<{ subjectId: number; talkId: number } | undefined> {
  const row = await db
    .selectFrom('task_runs')
    .select(['subject_id', 'talk_id'])
    .where('company_id', '=', companyId)
    .where('running_by', '=', accountId)
    .executeTakeFirst();
  return row ? { subjectId: row.subject_id, talkId: row.talk_id } : undefined;
}

/** Whether the task's record still exists (a deleted task must not keep its runner busy). */
export async function talkExists(db: Kysely<Database>, subjectId: number, talkId: number): Promise<boolean> {
  const dyn = db as unknown as Kysely<Record<string, { id: number }>>;
  const row = await dyn
    .selectFrom(talkTable(subjectId))
    .select('id')
    .where('id', '=', talkId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function eventsOf(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
): Promise<TaskEvent[]> {
  const rows = await db
    .selectFrom('task_events')
    .select(['action', 'at'])
    .where('subject_id', '=', subjectId)
    .where('talk_id', '=', talkId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ action: r.action as TaskAction, at: r.at }));
}

export async function insertEvent(
  db: Kysely<Database>,
  e: {
    companyId: number;
    subjectId: number;
    talkId: number;
    accountId: number;
    action: TaskAction;
    at: number;
  },
): Promise<void> {
  await db
    .insertInto('task_events')
    .values({
      company_id: e.companyId,
      subject_id: e.subjectId,
      talk_id: e.talkId,
      account_id: e.accountId,
      action: e.action,
      at: e.at,
    })
    .execute();
}

export interface RunWrite {
  companyId: number;
  subjectId: number;
  talkId: number;
  state: TaskState;
  runningBy: number | null;
  runningSince: number | null;
  accumulatedMs: number;
  at: number;
}

/**
 * Moves a task's run from the state its caller read to the next one; answers false when another
 * request moved it first (the caller's read is stale). A task without a row gets one; two
 * requests inserting it at once meet at the primary key.
 */
export async function moveRun(
  db: Kysely<Database>,
  from: TaskState | undefined,
  run: RunWrite,
): Promise<boolean> {
  const set = {
    state: run.state,
    running_by: run.runningBy,
    running_since: run.runningSince,
    accumulated_ms: run.accumulatedMs,
    updated_at: run.at,
  };
  if (from === undefined) {
    await db
      .insertInto('task_runs')
      .values({ ...set, company_id: run.companyId, subject_id: run.subjectId, talk_id: run.talkId })
      .execute();
    return true;
  }
  const r = await db
    .updateTable('task_runs')
    .set(set)
    .where('subject_id', '=', run.subjectId)
    .where('talk_id', '=', run.talkId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Frees an account held by a task whose record was deleted. */
export async function releaseRun(db: Kysely<Database>, subjectId: number, talkId: number): Promise<void> {
  await db
    .deleteFrom('task_runs')
    .where('subject_id', '=', subjectId)
    .where('talk_id', '=', talkId)
    .execute();
}

/** Records of a lookup subject (a task status list) with their names, at most 500. */
export async function lookupRows(
  db: Kysely<Database>,
  subjectId: number,
): Promise<Record<string, unknown>[]> {
  const dyn = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  return dyn.selectFrom(talkTable(subjectId)).selectAll().orderBy('id').limit(500).execute();
}
