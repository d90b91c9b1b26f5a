import { sql, type Generated, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { talkTable } from '../../records/subject-ddl.ts';

/** Tables of migration 0018 (typed here: the engine is their only reader and writer). */
export interface AutomationRunsTable {
  id: number;
  company_id: number;
  job_id: number;
  kind: RunKind;
  cause: string | null;
  event_index: number;
  subject_id: number | null;
  talk_id: number | null;
  talk_version: number | null;
  depth: number;
  trigger: string;
  status: RunStatus;
  steps: string;
  key_prefix: string;
  next_at: number;
  lease_until: number | null;
  cancel_requested: number;
  cursor: number | null;
  done: number | null;
  total: number | null;
  /** A set run's fixed set (0024): the highest record id when it first started; null before. */
  upper_id: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}
export type RunKind = 'event' | 'existing' | 'schedule' | 'parent' | 'retry';
export type RunStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'cancelled';

interface Tables {
  automation_runs: Omit<AutomationRunsTable, 'id'> & { id: Generated<number> };
  automation_marks: { key: string; created_at: number };
  automation_matches: {
    job_id: number;
    event_index: number;
    subject_id: number;
    talk_id: number;
    matched: number;
  };
  automation_slots: { job_id: number; slot: number; fired_at: number };
}
export type AutomationDb = Kysely<Database & Tables>;
export const adb = (db: Kysely<Database>) => db as unknown as AutomationDb;

export type RunRow = AutomationRunsTable;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** PostgreSQL answers bigint columns as strings. */
const int = (v: unknown) => Number(v);
export function normalizeRun(r: Record<string, unknown>): RunRow {
  const row = r as unknown as RunRow;
  return {
    ...row,
    id: int(r.id),
    company_id: int(r.company_id),
    job_id: int(r.job_id),
    event_index: int(r.event_index),
    subject_id: num(r.subject_id),
    talk_id: num(r.talk_id),
    talk_version: num(r.talk_version),
    depth: int(r.depth),
    next_at: int(r.next_at),
    lease_until: num(r.lease_until),
    cancel_requested: int(r.cancel_requested),
    cursor: num(r.cursor),
    done: num(r.done),
    total: num(r.total),
    upper_id: num(r.upper_id),
    created_at: int(r.created_at),
    started_at: num(r.started_at),
    finished_at: num(r.finished_at),
  };
}

export type NewRun = Omit<AutomationRunsTable, 'id'>;

/** Inserts a run unless the job already has one for this cause; answers its id or null. */
export async function insertRun(db: Kysely<Database>, run: NewRun): Promise<number | null> {
  const row = await adb(db)
    .insertInto('automation_runs')
    .values(run)
    .onConflict((oc) => oc.columns(['job_id', 'cause']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? row.id : null;
}

/**
 * The engine's two lanes (engine.ts): `event` runs on one record (an event's, a parent job's
 * call), `set` runs over a filter's records (run on existing records, a schedule slot). Each lane
 * claims only its own kinds, so a long set run never holds the runs of events.
 */
export type RunLane = 'event' | 'set';
export const SET_KINDS: readonly RunKind[] = ['existing', 'schedule'];
export const isSetKind = (kind: RunKind) => SET_KINDS.includes(kind);

/** A due run of the lane whose company's engine is not paused (automation_pauses). */
function dueIn(lane: RunLane, now: number) {
  const kinds = sql.join(SET_KINDS.map((k) => sql.lit(k)));
  const kind = lane === 'set' ? sql`kind in (${kinds})` : sql`kind not in (${kinds})`;
  return sql`((status = 'pending' and next_at <= ${now}) or (status = 'running' and lease_until < ${now}))
    and ${kind} and company_id not in (select company_id from automation_pauses)`;
}

/**
 * Whether any run of the lane is due (a read): the engine looks before it claims, so a round with
 * nothing due writes nothing (on SQLite a write, even one changing no row, joins a group commit and
 * waits for it).
 */
export async function anyRunDue(db: Kysely<Database>, now: number, lane: RunLane): Promise<boolean> {
  return (await runDue(db, lane, now)).length > 0;
}

/** Asked after every write by each lane: compiled once per lane (db/prepared.ts). */
const runDue = prepared(
  (_db: Kysely<Database>, lane: RunLane, now: number) =>
    sql<{ one: number }>`select 1 as one from automation_runs where ${dueIn(lane, now)} limit 1`,
);

/**
 * Claims due runs of the lane: pending ones whose time came, and running ones whose lease ran out
 * (a crash). Runs of a paused company stay where they are. On PostgreSQL the rows are locked and
 * skipped by other instances' claims, so each run is taken by one instance.
 */
export async function claimRuns(
  db: Kysely<Database>,
  dialect: DialectName,
  now: number,
  leaseMs: number,
  limit: number,
  lane: RunLane,
): Promise<RunRow[]> {
  const lock = dialect === 'postgres' ? sql` for update skip locked` : sql``;
  const { rows } = await sql<Record<string, unknown>>`update automation_runs
    set status = 'running', lease_until = ${now + leaseMs}, started_at = coalesce(started_at, ${now})
    where id in (select id from automation_runs
      where ${dueIn(lane, now)}
      order by id limit ${limit}${lock})
    returning *`.execute(db);
  return rows.map(normalizeRun).sort((a, b) => a.id - b.id);
}

/** What a run in progress looks at between steps and batches: a cancel request, its company's pause. */
export async function runControl(
  db: Kysely<Database>,
  id: number,
): Promise<{ cancelRequested: boolean; paused: boolean }> {
  const { rows } = await sql<{ cancel_requested: unknown; paused: unknown }>`select r.cancel_requested,
    (select count(*) from automation_pauses p where p.company_id = r.company_id) as paused
    from automation_runs r where r.id = ${id}`.execute(db);
  const row = rows[0];
  return { cancelRequested: Number(row?.cancel_requested ?? 0) === 1, paused: Number(row?.paused ?? 0) > 0 };
}

/** The company's engine pause (0024), or null when it runs. */
export async function findPause(
  db: Kysely<Database>,
  companyId: number,
): Promise<{ pausedAt: number; pausedBy: number | null } | null> {
  const r = await db
    .selectFrom('automation_pauses')
    .select(['paused_at', 'paused_by'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return r ? { pausedAt: int(r.paused_at), pausedBy: num(r.paused_by) } : null;
}

/** Pauses the company's engine (a pause already there stays as it was). */
export async function addPause(
  db: Kysely<Database>,
  companyId: number,
  accountId: number | null,
  at: number,
): Promise<void> {
  await db
    .insertInto('automation_pauses')
    .values({ company_id: companyId, paused_at: at, paused_by: accountId })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
}

export async function removePause(db: Kysely<Database>, companyId: number): Promise<void> {
  await db.deleteFrom('automation_pauses').where('company_id', '=', companyId).execute();
}

export async function updateRun(
  db: Kysely<Database>,
  id: number,
  set: Partial<Omit<AutomationRunsTable, 'id'>>,
): Promise<void> {
  await adb(db).updateTable('automation_runs').set(set).where('id', '=', id).execute();
}

/** Renews a running run's claim (a long step or batch in progress); an ended run is left alone. */
export async function extendLease(db: Kysely<Database>, id: number, until: number): Promise<void> {
  await adb(db)
    .updateTable('automation_runs')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** The highest record id of a subject (0 when it has none): a set run's fixed upper bound. */
export async function highestRecordId(db: Kysely<Database>, subjectId: number): Promise<number> {
  const { rows } = await sql<{
    m: unknown;
  }>`select max(id) as m from ${sql.table(talkTable(subjectId))}`.execute(db);
  return Number(rows[0]?.m ?? 0);
}

export async function findRun(db: Kysely<Database>, id: number): Promise<RunRow | null> {
  const r = await adb(db).selectFrom('automation_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? normalizeRun(r) : null;
}

export async function runsOfJob(
  db: Kysely<Database>,
  companyId: number,
  jobId: number,
  offset: number,
  limit: number,
): Promise<{ rows: RunRow[]; total: number }> {
  const base = adb(db)
    .selectFrom('automation_runs')
    .where('company_id', '=', companyId)
    .where('job_id', '=', jobId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
  return {
    rows: rows.map((r) => normalizeRun(r as unknown as Record<string, unknown>)),
    total: int(total.n),
  };
}

export async function hasMark(db: Kysely<Database>, key: string): Promise<boolean> {
  const r = await adb(db)
    .selectFrom('automation_marks')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  return r !== undefined;
}

/** Records a key; false when it was there already. */
export async function addMark(db: Kysely<Database>, key: string, at: number): Promise<boolean> {
  const r = await adb(db)
    .insertInto('automation_marks')
    .values({ key, created_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return r !== undefined;
}

/** The `once` state: whether the record matched at its previous look; stores the new one. */
export async function swapMatch(
  db: Kysely<Database>,
  k: { jobId: number; eventIndex: number; subjectId: number; talkId: number },
  matched: boolean,
): Promise<boolean> {
  const q = adb(db);
  const prev = await q
    .selectFrom('automation_matches')
    .select('matched')
    .where('job_id', '=', k.jobId)
    .where('event_index', '=', k.eventIndex)
    .where('subject_id', '=', k.subjectId)
    .where('talk_id', '=', k.talkId)
    .executeTakeFirst();
  if (!prev)
    await q
      .insertInto('automation_matches')
      .values({
        job_id: k.jobId,
        event_index: k.eventIndex,
        subject_id: k.subjectId,
        talk_id: k.talkId,
        matched: matched ? 1 : 0,
      })
      .execute();
  else if (prev.matched !== (matched ? 1 : 0))
    await q
      .updateTable('automation_matches')
      .set({ matched: matched ? 1 : 0 })
      .where('job_id', '=', k.jobId)
      .where('event_index', '=', k.eventIndex)
      .where('subject_id', '=', k.subjectId)
      .where('talk_id', '=', k.talkId)
      .execute();
  return prev ? prev.matched === 1 : false;
}

/** Takes a schedule slot; false when it was taken (by this or another instance). */
export async function takeSlot(
  db: Kysely<Database>,
  jobId: number,
  slot: number,
  at: number,
): Promise<boolean> {
  const r = await adb(db)
    .insertInto('automation_slots')
    .values({ job_id: jobId, slot, fired_at: at })
    .onConflict((oc) => oc.columns(['job_id', 'slot']).doNothing())
    .returning('job_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** An account to act as for a company's automations: its first active administrator. */
export async function automationAccount(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'room_id', 'account_type'])
    .where('company_id', '=', companyId)
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}
