import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

export async function pageRooms(
  db: Kysely<Database>,
  companyId: number,
  opts: { offset: number; fetch: number; term?: string | undefined },
) {
  let q = db.selectFrom('rooms').where('company_id', '=', companyId);
  if (opts.term)
    q = q.where(sql<boolean>`lower(name) like ${likePattern(opts.term.toLowerCase())} escape '\\'`);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('name').orderBy('id').limit(opts.fetch).offset(opts.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export function findRoom(db: Kysely<Database>, companyId: number, roomId: number) {
  return db
    .selectFrom('rooms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', roomId)
    .executeTakeFirst();
}

export async function insertRoom(
  db: Kysely<Database>,
  r: {
    companyId: number;
    name: string;
    displayName: string | null;
    color: string | null;
    settings: string;
    at: number;
  },
) {
  const row = await db
    .insertInto('rooms')
    .values({
      company_id: r.companyId,
      name: r.name,
      display_name: r.displayName,
      color: r.color,
      kind: 'custom',
      settings: r.settings,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers false when the room's settings are no longer `expectedSettings` (someone saved meanwhile). */
export async function updateRoom(
  db: Kysely<Database>,
  roomId: number,
  r: { name: string; displayName: string | null; color: string | null; settings: string },
  expectedSettings: string,
): Promise<boolean> {
  const result = await db
    .updateTable('rooms')
    .set({ name: r.name, display_name: r.displayName, color: r.color, settings: r.settings })
    .where('id', '=', roomId)
    .where('settings', '=', expectedSettings)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRoom(db: Kysely<Database>, roomId: number) {
  await db.deleteFrom('room_subject_actions').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_attribute_actions').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_subject_scopes').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_menu_actions').where('room_id', '=', roomId).execute();
  await db
    .deleteFrom('room_connections')
    .where((eb) => eb.or([eb('room_id', '=', roomId), eb('room_to_id', '=', roomId)]))
    .execute();
  await db.deleteFrom('rooms').where('id', '=', roomId).execute();
}

export async function accountsInRoom(db: Kysely<Database>, roomId: number): Promise<number> {
  const r = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return r.n;
}

export function subjectActions(db: Kysely<Database>, roomId: number) {
  return db
    .selectFrom('room_subject_actions')
    .select(['subject_id', 'action'])
    .where('room_id', '=', roomId)
    .execute();
}

export function attributeActions(db: Kysely<Database>, roomId: number) {
  return db
    .selectFrom('room_attribute_actions')
    .innerJoin('attributes', 'attributes.id', 'room_attribute_actions.attribute_id')
    .select(['attributes.subject_id', 'room_attribute_actions.attribute_id', 'room_attribute_actions.action'])
    .where('room_attribute_actions.room_id', '=', roomId)
    .orderBy('room_attribute_actions.attribute_id')
    .orderBy('room_attribute_actions.action')
    .execute();
}

export function scopes(db: Kysely<Database>, roomId: number) {
  return db.selectFrom('room_subject_scopes').selectAll().where('room_id', '=', roomId).execute();
}

export function connections(db: Kysely<Database>, roomId: number) {
  return db.selectFrom('room_connections').select('room_to_id').where('room_id', '=', roomId).execute();
}

/** Replaces everything the room grants in one go (called inside the save transaction). */
export async function replaceGrants(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
  g: {
    subjectActions: { subjectId: number; action: string }[];
    attributeActions: { attributeId: number; action: string }[];
    scopes: { subjectId: number; filter: string | null; talkIds: string | null; name: string | null }[];
    connections: number[];
  },
) {
  await db.deleteFrom('room_subject_actions').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_attribute_actions').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_subject_scopes').where('room_id', '=', roomId).execute();
  await db.deleteFrom('room_connections').where('room_id', '=', roomId).execute();
  if (g.subjectActions.length)
    await db
      .insertInto('room_subject_actions')
      .values(
        g.subjectActions.map((a) => ({
          company_id: companyId,
          room_id: roomId,
          subject_id: a.subjectId,
          action: a.action,
        })),
      )
      .execute();
  if (g.attributeActions.length)
    await db
      .insertInto('room_attribute_actions')
      .values(
        g.attributeActions.map((a) => ({
          company_id: companyId,
          room_id: roomId,
          attribute_id: a.attributeId,
          action: a.action,
        })),
      )
      .execute();
  if (g.scopes.length)
    await db
      .insertInto('room_subject_scopes')
      .values(
        g.scopes.map((s) => ({
          company_id: companyId,
          room_id: roomId,
          subject_id: s.subjectId,
          filter: s.filter,
          talk_ids: s.talkIds,
          name: s.name,
        })),
      )
      .execute();
  if (g.connections.length)
    await db
      .insertInto('room_connections')
      .values(g.connections.map((to) => ({ company_id: companyId, room_id: roomId, room_to_id: to })))
      .execute();
}
