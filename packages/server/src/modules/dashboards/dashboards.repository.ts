import type { Kysely } from 'kysely';
import type { Database, DashboardsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface DashboardRow {
  id: number;
  company_id: number;
  owner_id: number | null;
  name: string;
  is_home: number;
  widgets: string;
  version: number;
  updated_at: number;
}

const COLUMNS = [
  'd.id',
  'd.company_id',
  'd.owner_id',
  'd.name',
  'd.is_home',
  'd.widgets',
  'd.version',
  'd.updated_at',
] as const;

/**
 * The dashboards an account may see: its own, the company's published to its room, and (for an
 * administrator, who manages them) every company dashboard.
 */
export async function visibleTo(
  db: Db,
  who: { companyId: number; accountId: number; roomId: number; allCompany: boolean },
): Promise<DashboardRow[]> {
  return db
    .selectFrom('dashboards as d')
    .select(COLUMNS)
    .where('d.company_id', '=', who.companyId)
    .where((eb) =>
      eb.or([
        eb('d.owner_id', '=', who.accountId),
        who.allCompany
          ? eb('d.owner_id', 'is', null)
          : eb.and([
              eb('d.owner_id', 'is', null),
              eb.exists(
                eb
                  .selectFrom('dashboard_rooms as r')
                  .select('r.room_id')
                  .whereRef('r.dashboard_id', '=', 'd.id')
                  .where('r.room_id', '=', who.roomId),
              ),
            ]),
      ]),
    )
    .orderBy('d.owner_id', 'desc')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}

export async function findDashboard(
  db: Db,
  companyId: number,
  id: number,
): Promise<DashboardRow | undefined> {
  return db
    .selectFrom('dashboards as d')
    .select(COLUMNS)
    .where('d.company_id', '=', companyId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function roomsOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('dashboard_rooms')
    .select(['dashboard_id', 'room_id'])
    .where('dashboard_id', 'in', ids)
    .orderBy('room_id')
    .execute();
  for (const r of rows) out.get(r.dashboard_id)?.push(r.room_id);
  return out;
}

export async function companyRoomIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('rooms')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export type DashboardValues = Pick<DashboardsTable, 'owner_id' | 'name' | 'widgets'> & { is_home: number };

export async function insertDashboard(
  db: Db,
  companyId: number,
  values: DashboardValues,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('dashboards')
    .values({ company_id: companyId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a dashboard if it is still at `version`; false when another write came first. */
export async function updateDashboard(
  db: Db,
  id: number,
  version: number,
  values: DashboardValues,
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('dashboards')
    .set({ ...values, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setRooms(db: Db, id: number, roomIds: number[]): Promise<void> {
  await db.deleteFrom('dashboard_rooms').where('dashboard_id', '=', id).execute();
  if (roomIds.length)
    await db
      .insertInto('dashboard_rooms')
      .values(roomIds.map((room_id) => ({ dashboard_id: id, room_id })))
      .execute();
}

/** The owner's home dashboards but `keep` stop being home (one home per user). */
export async function clearHome(db: Db, companyId: number, ownerId: number, keep: number): Promise<void> {
  await db
    .updateTable('dashboards')
    .set({ is_home: 0 })
    .where('company_id', '=', companyId)
    .where('owner_id', '=', ownerId)
    .where('is_home', '=', 1)
    .where('id', '<>', keep)
    .execute();
}

export async function deleteDashboard(db: Db, id: number): Promise<void> {
  await db.deleteFrom('dashboard_rooms').where('dashboard_id', '=', id).execute();
  await db.deleteFrom('dashboards').where('id', '=', id).execute();
}
