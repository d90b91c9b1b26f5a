import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function catalogHead(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['catalog_version', 'time_zone'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function subjectsOf(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('subjects').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

export function attributesOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('attributes')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('subject_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function subjectActionsOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('room_subject_actions')
    .select(['room_id', 'subject_id', 'action'])
    .where('company_id', '=', companyId)
    .execute();
}

export function attributeActionsOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('room_attribute_actions')
    .select(['room_id', 'attribute_id', 'action'])
    .where('company_id', '=', companyId)
    .execute();
}

export function scopesOf(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('room_subject_scopes')
    .select(['room_id', 'subject_id', 'filter', 'talk_ids'])
    .where('company_id', '=', companyId)
    .execute();
}

/** Each room's settings document (rooms.settings, JSON). */
export function roomSettingsOf(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('rooms').select(['id', 'settings']).where('company_id', '=', companyId).execute();
}
