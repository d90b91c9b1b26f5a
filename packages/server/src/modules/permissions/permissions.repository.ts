import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
