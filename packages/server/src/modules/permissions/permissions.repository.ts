import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function roomSubjectActions(db: Kysely<Database>, roomId: number, subjectId: number) {
  return db
    .selectFrom('room_subject_actions')
    .select('action')
    .where('room_id', '=', roomId)
    .where('subject_id', '=', subjectId)
    .execute();
}

export function readableSubjectIds(db: Kysely<Database>, roomId: number) {
  return db
    .selectFrom('room_subject_actions')
    .select('subject_id')
    .where('room_id', '=', roomId)
    .where('action', '=', 'read')
    .execute();
}

/** Gives every admin-kind room of the company every action on a new subject. */
export async function grantAdminRooms(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  actions: readonly string[],
) {
  const rooms = await db
    .selectFrom('rooms')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'admin')
    .execute();
  if (rooms.length === 0) return;
  await db
    .insertInto('room_subject_actions')
    .values(
      rooms.flatMap((r) =>
        actions.map((action) => ({ company_id: companyId, room_id: r.id, subject_id: subjectId, action })),
      ),
    )
    .execute();
}

export async function setRoomSubjectActions(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
  subjectId: number,
  actions: readonly string[],
) {
  await db
    .deleteFrom('room_subject_actions')
    .where('room_id', '=', roomId)
    .where('subject_id', '=', subjectId)
    .execute();
  if (actions.length === 0) return;
  await db
    .insertInto('room_subject_actions')
    .values(
      actions.map((action) => ({ company_id: companyId, room_id: roomId, subject_id: subjectId, action })),
    )
    .execute();
}

export function roomAttributeActions(db: Kysely<Database>, roomId: number, attributeIds: number[]) {
  if (attributeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('room_attribute_actions')
    .select(['attribute_id', 'action'])
    .where('room_id', '=', roomId)
    .where('attribute_id', 'in', attributeIds)
    .execute();
}

export function roomSubjectScope(db: Kysely<Database>, roomId: number, subjectId: number) {
  return db
    .selectFrom('room_subject_scopes')
    .select(['filter', 'talk_ids'])
    .where('room_id', '=', roomId)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}
