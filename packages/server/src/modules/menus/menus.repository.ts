import type { Kysely, Selectable } from 'kysely';
import type { Database, MenusTable } from '../../db/schema.ts';

export type MenuRow = Selectable<MenusTable>;

/** Every node of the company's menu, parents' children in their order. */
export function menusOf(db: Kysely<Database>, companyId: number): Promise<MenuRow[]> {
  return db
    .selectFrom('menus')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertMenu(db: Kysely<Database>, row: Omit<MenuRow, 'id'>): Promise<number> {
  const r = await db.insertInto('menus').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateMenu(db: Kysely<Database>, id: number, row: Omit<MenuRow, 'id' | 'company_id'>) {
  await db.updateTable('menus').set(row).where('id', '=', id).execute();
}

/** Removes nodes (their room grants and children go with them, by foreign key). */
export async function deleteMenus(db: Kysely<Database>, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('room_menu_actions').where('menu_id', 'in', ids).execute();
  await db.deleteFrom('menus').where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

/** The menus a room has been given an action on. */
export async function roomMenuActions(db: Kysely<Database>, roomId: number) {
  return db
    .selectFrom('room_menu_actions')
    .select(['menu_id', 'action'])
    .where('room_id', '=', roomId)
    .execute();
}

export async function replaceRoomMenuActions(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
  grants: { menuId: number; action: string }[],
) {
  await db.deleteFrom('room_menu_actions').where('room_id', '=', roomId).execute();
  if (grants.length === 0) return;
  await db
    .insertInto('room_menu_actions')
    .values(
      grants.map((g) => ({ company_id: companyId, room_id: roomId, menu_id: g.menuId, action: g.action })),
    )
    .execute();
}

/** Templates of a subject among the given ids (a leaf's template must be of its subject). */
export function templatesOfSubject(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  ids: number[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('templates')
    .select('id')
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('id', 'in', ids)
    .execute();
}

/** The company's rooms with the subjects each may read (the builder offers new items to them). */
export async function roomsReadingSubjects(db: Kysely<Database>, companyId: number) {
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const reads = await db
    .selectFrom('room_subject_actions')
    .innerJoin('subjects', 'subjects.id', 'room_subject_actions.subject_id')
    .select(['room_subject_actions.room_id', 'subjects.identifier'])
    .where('room_subject_actions.company_id', '=', companyId)
    .where('room_subject_actions.action', '=', 'read')
    .orderBy('subjects.identifier')
    .execute();
  return { rooms, reads };
}

/** Gives rooms `read` on menus they do not have it on yet. */
export async function grantMenuReads(
  db: Kysely<Database>,
  companyId: number,
  grants: { roomId: number; menuId: number }[],
) {
  if (grants.length === 0) return;
  const roomIds = [...new Set(grants.map((g) => g.roomId))];
  const existing = await db
    .selectFrom('room_menu_actions')
    .select(['room_id', 'menu_id'])
    .where('room_id', 'in', roomIds)
    .where('action', '=', 'read')
    .execute();
  const have = new Set(existing.map((e) => `${e.room_id}:${e.menu_id}`));
  const values = new Map<string, { company_id: number; room_id: number; menu_id: number; action: string }>();
  for (const g of grants) {
    const key = `${g.roomId}:${g.menuId}`;
    if (have.has(key)) continue;
    values.set(key, { company_id: companyId, room_id: g.roomId, menu_id: g.menuId, action: 'read' });
  }
  if (values.size === 0) return;
  await db
    .insertInto('room_menu_actions')
    .values([...values.values()])
    .execute();
}
