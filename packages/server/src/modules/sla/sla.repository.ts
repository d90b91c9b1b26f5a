import type { Kysely, Selectable } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type {
  SlaCalendar,
  SlaCalendarInput,
  SlaPolicy,
  SlaPolicyInput,
} from '@talkbase/domain/contracts/sla';
import type { BusinessCalendar } from '@talkbase/domain/sla/business-time';
import type {
  Database,
  SlaCalendarsTable,
  SlaPoliciesTable,
  SlaRecomputeTable,
  SlaStatesTable,
} from '../../db/schema.ts';

/** Service levels' SQL (modules/sla): calendars, policies and the tickets' clocks. */

function json<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toCalendar(r: Selectable<SlaCalendarsTable>): SlaCalendar {
  return {
    calendarId: r.id,
    version: r.version,
    name: r.name,
    timeZone: r.time_zone,
    week: json<[number, number][][]>(r.week, [[], [], [], [], [], [], []]),
    nationalHolidays: r.national_holidays === 1,
    holidays: json<string[]>(r.holidays, []),
  };
}

export function businessCalendar(c: SlaCalendar): BusinessCalendar {
  return {
    timeZone: c.timeZone,
    week: c.week,
    nationalHolidays: c.nationalHolidays,
    holidays: c.holidays,
  };
}

export function toPolicy(r: Selectable<SlaPoliciesTable>): SlaPolicy {
  return {
    policyId: r.id,
    version: r.version,
    name: r.name,
    position: r.position,
    active: r.active === 1,
    calendarId: r.calendar_id,
    filter: json<FilterNode | null>(r.filter, null),
    firstResponseMinutes: r.first_response_minutes === null ? null : r.first_response_minutes,
    resolutionMinutes: r.resolution_minutes === null ? null : r.resolution_minutes,
    pauseStatuses: json<number[]>(r.pause_statuses, []),
    doneStatuses: json<number[]>(r.done_statuses, []),
  };
}

const calendarRow = (c: SlaCalendarInput) => ({
  name: c.name,
  time_zone: c.timeZone,
  week: JSON.stringify(c.week),
  national_holidays: c.nationalHolidays ? 1 : 0,
  holidays: JSON.stringify([...new Set(c.holidays)].sort()),
});

const policyRow = (p: SlaPolicyInput) => ({
  name: p.name,
  position: p.position,
  active: p.active ? 1 : 0,
  calendar_id: p.calendarId,
  filter: p.filter === null ? null : JSON.stringify(p.filter),
  first_response_minutes: p.firstResponseMinutes,
  resolution_minutes: p.resolutionMinutes,
  pause_statuses: JSON.stringify([...new Set(p.pauseStatuses)]),
  done_statuses: JSON.stringify([...new Set(p.doneStatuses)]),
});

export async function listCalendars(db: Kysely<Database>, companyId: number): Promise<SlaCalendar[]> {
  const rows = await db
    .selectFrom('sla_calendars')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toCalendar);
}

export async function findCalendar(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<SlaCalendar | undefined> {
  const r = await db
    .selectFrom('sla_calendars')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toCalendar(r) : undefined;
}

export async function countCalendars(db: Kysely<Database>, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('sla_calendars')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertCalendar(
  db: Kysely<Database>,
  companyId: number,
  c: SlaCalendarInput,
  now: number,
) {
  const r = await db
    .insertInto('sla_calendars')
    .values({ company_id: companyId, ...calendarRow(c), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Writes a calendar seen at `version`; false when it changed since (or is gone). */
export async function updateCalendar(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  version: number,
  c: SlaCalendarInput,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('sla_calendars')
    .set({ ...calendarRow(c), version: version + 1, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteCalendar(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('sla_calendars')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function calendarInUse(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const r = await db
    .selectFrom('sla_policies')
    .select('id')
    .where('company_id', '=', companyId)
    .where('calendar_id', '=', id)
    .executeTakeFirst();
  return r !== undefined;
}

export async function listPolicies(db: Kysely<Database>, companyId: number): Promise<SlaPolicy[]> {
  const rows = await db
    .selectFrom('sla_policies')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toPolicy);
}

export async function findPolicy(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<SlaPolicy | undefined> {
  const r = await db
    .selectFrom('sla_policies')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toPolicy(r) : undefined;
}

/**
 * Whether a ticket's change may touch the company's clocks: it has an active policy, or clocks
 * (a deactivated policy's, or ended ones). Neither: every event of the company passes untouched.
 */
export async function clocksInUse(db: Kysely<Database>, companyId: number): Promise<boolean> {
  if (await hasActivePolicy(db, companyId)) return true;
  const r = await db
    .selectFrom('sla_states')
    .select('talk_id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function hasActivePolicy(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const r = await db
    .selectFrom('sla_policies')
    .select('id')
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function countPolicies(db: Kysely<Database>, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('sla_policies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertPolicy(db: Kysely<Database>, companyId: number, p: SlaPolicyInput, now: number) {
  const r = await db
    .insertInto('sla_policies')
    .values({ company_id: companyId, ...policyRow(p), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updatePolicy(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  version: number,
  p: SlaPolicyInput,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('sla_policies')
    .set({ ...policyRow(p), version: version + 1, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deletePolicy(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  // The clocks it gave go with it (foreign key, on delete cascade; SQLite's too).
  await db.deleteFrom('sla_states').where('company_id', '=', companyId).where('policy_id', '=', id).execute();
  const r = await db
    .deleteFrom('sla_policies')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Clocks

export type StateRow = Selectable<SlaStatesTable>;

export function normalState(r: StateRow): StateRow {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    ...r,
    company_id: r.company_id,
    subject_id: r.subject_id,
    talk_id: r.talk_id,
    policy_id: r.policy_id,
    started_at: r.started_at,
    paused_since: n(r.paused_since),
    first_response_at: n(r.first_response_at),
    resolved_at: n(r.resolved_at),
    first_due_at: n(r.first_due_at),
    resolution_due_at: n(r.resolution_due_at),
    next_check_at: n(r.next_check_at),
    sent: r.sent,
    updated_at: r.updated_at,
  };
}

export async function findState(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
): Promise<StateRow | undefined> {
  const r = await db
    .selectFrom('sla_states')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('talk_id', '=', talkId)
    .executeTakeFirst();
  return r ? normalState(r) : undefined;
}

export async function statesOf(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<StateRow[]> {
  if (talkIds.length === 0) return [];
  const rows = await db
    .selectFrom('sla_states')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
  return rows.map(normalState);
}

export type StateWrite = Omit<StateRow, 'sent'>;

export async function saveState(db: Kysely<Database>, s: StateWrite): Promise<void> {
  const { subject_id, talk_id, ...rest } = s;
  const updated = await db
    .updateTable('sla_states')
    .set(rest)
    .where('subject_id', '=', subject_id)
    .where('talk_id', '=', talk_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('sla_states')
      .values({ ...s, sent: 0 })
      .execute();
}

export async function deleteState(db: Kysely<Database>, subjectId: number, talkId: number): Promise<void> {
  await db
    .deleteFrom('sla_states')
    .where('subject_id', '=', subjectId)
    .where('talk_id', '=', talkId)
    .execute();
}

/** Clocks with something to report by `now`, oldest first. */
export async function dueStates(db: Kysely<Database>, now: number, limit: number): Promise<StateRow[]> {
  const rows = await db
    .selectFrom('sla_states')
    .selectAll()
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  return rows.map(normalState);
}

/**
 * Marks events as sent, only if nobody sent any since `seen` was read: on PostgreSQL a second
 * instance's same update waits for the first's row lock and then matches nothing.
 */
export async function markSent(
  db: Kysely<Database>,
  s: StateRow,
  sent: number,
  nextCheckAt: number | null,
): Promise<boolean> {
  const r = await db
    .updateTable('sla_states')
    .set({ sent, next_check_at: nextCheckAt })
    .where('subject_id', '=', s.subject_id)
    .where('talk_id', '=', s.talk_id)
    .where('sent', '=', s.sent)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The clocks of a company that ended, or fell due, since `from`: for the report. */
export async function endedStates(
  db: Kysely<Database>,
  companyId: number,
  from: number,
): Promise<StateRow[]> {
  const rows = await db
    .selectFrom('sla_states')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('first_response_at', '>=', from),
        eb('resolved_at', '>=', from),
        // Still running and late: counted in the month it fell due.
        eb('first_due_at', '>=', from),
        eb('resolution_due_at', '>=', from),
      ]),
    )
    .execute();
  return rows.map(normalState);
}

// Recomputation after a policy or calendar changed (0034) -------------------------------------

export type RecomputeRow = Selectable<SlaRecomputeTable>;

/** Asks for a pass over the company's open tickets (from the first again, if one is under way). */
export async function requestRecompute(db: Kysely<Database>, companyId: number, now: number): Promise<void> {
  await db
    .insertInto('sla_recompute')
    .values({ company_id: companyId, generation: 1, after_talk_id: 0, requested_at: now })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet((eb) => ({
        generation: eb('sla_recompute.generation', '+', 1),
        after_talk_id: 0,
        requested_at: now,
      })),
    )
    .execute();
}

export async function pendingRecomputes(db: Kysely<Database>, limit: number): Promise<RecomputeRow[]> {
  return db.selectFrom('sla_recompute').selectAll().orderBy('requested_at').limit(limit).execute();
}

/**
 * Takes the pass from `seen` to `next` (null: the pass is over), only if nobody moved it since it was
 * read (another instance, or a new request): answers whether this caller took it.
 */
export async function advanceRecompute(
  db: Kysely<Database>,
  seen: RecomputeRow,
  next: number | null,
): Promise<boolean> {
  if (next === null) {
    const r = await db
      .deleteFrom('sla_recompute')
      .where('company_id', '=', seen.company_id)
      .where('generation', '=', seen.generation)
      .where('after_talk_id', '=', seen.after_talk_id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }
  const r = await db
    .updateTable('sla_recompute')
    .set({ after_talk_id: next })
    .where('company_id', '=', seen.company_id)
    .where('generation', '=', seen.generation)
    .where('after_talk_id', '=', seen.after_talk_id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * When an attendant first wrote on the ticket, as `SlaClocks.byAttendant` judges a message: by an
 * account (not an automation's), neither the ticket's creator nor one of the customers' room.
 */
export async function firstAttendantMessageAt(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
  createdBy: number | null,
  customerRoomId: number,
): Promise<number | null> {
  let q = db
    .selectFrom('talk_messages as m')
    .innerJoin('accounts as a', 'a.id', 'm.author_account_id')
    .select((eb) => eb.fn.min<number | string | null>('m.created_at').as('at'))
    .where('m.subject_id', '=', subjectId)
    .where('m.talk_id', '=', talkId)
    .where('m.author_label', 'is', null)
    .where('a.room_id', '!=', customerRoomId);
  if (createdBy !== null) q = q.where('m.author_account_id', '!=', createdBy);
  const r = await q.executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}
