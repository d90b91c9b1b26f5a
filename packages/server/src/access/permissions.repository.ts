import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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

/**
 * Sets a room's actions on one attribute (resource type 3): exactly these, or — an empty list — no
 * rows, so the attribute inherits the room's actions on its subject. `['none']` (ATTRIBUTE_NO_ACTION)
 * is an attribute the room may do nothing with, not even read.
 */
export async function setRoomAttributeActions(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
  attributeId: number,
  actions: readonly string[],
) {
  await db
    .deleteFrom('room_attribute_actions')
    .where('room_id', '=', roomId)
    .where('attribute_id', '=', attributeId)
    .execute();
  if (actions.length === 0) return;
  await db
    .insertInto('room_attribute_actions')
    .values(
      actions.map((action) => ({
        company_id: companyId,
        room_id: roomId,
        attribute_id: attributeId,
        action,
      })),
    )
    .execute();
}

/**
 * What limits one account's rows beyond its room: the records shared with it and its attribute
 * values — one round trip (read on every request that reads records).
 */
export async function accountLimits(db: Kysely<Database>, companyId: number, accountId: number) {
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('account_attributes', 'account_attributes.account_id', 'accounts.id')
    .select(['accounts.shared_talks', 'account_attributes.attribute_id', 'account_attributes.value'])
    .where('accounts.id', '=', accountId)
    .where('accounts.company_id', '=', companyId)
    .execute();
  return {
    sharedTalks: rows[0]?.shared_talks ?? '[]',
    attributes: rows.flatMap((r) =>
      r.attribute_id === null ? [] : [{ attribute_id: r.attribute_id, value: r.value }],
    ),
  };
}
