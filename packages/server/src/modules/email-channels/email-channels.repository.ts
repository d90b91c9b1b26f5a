import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailChannelsTable, MessageEmailsTable } from '../../db/schema.ts';

/** All SQL of e-mail channels and of the messages that came in or went out by e-mail. */

export type ChannelRow = Selectable<EmailChannelsTable>;
export type MessageEmailRow = Selectable<MessageEmailsTable>;

export async function pageChannels(
  db: Kysely<Database>,
  companyId: number,
  q: { offset: number; limit: number },
): Promise<{ rows: ChannelRow[]; total: number }> {
  const base = db.selectFrom('email_channels').where('company_id', '=', companyId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('name').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export function findChannel(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('email_channels')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The active channel mail to `address` belongs to (any company: addresses are unique). */
export function activeChannelByAddress(db: Kysely<Database>, address: string) {
  return db
    .selectFrom('email_channels')
    .selectAll()
    .where('address', '=', address.toLowerCase())
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** The active channel that feeds a subject (the oldest, when several do). */
export function activeChannelOfSubject(db: Kysely<Database>, companyId: number, subjectId: number) {
  return db
    .selectFrom('email_channels')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('active', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

export async function addressTaken(
  db: Kysely<Database>,
  address: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db.selectFrom('email_channels').select('id').where('address', '=', address);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface ChannelValues {
  name: string;
  address: string;
  subject_id: number;
  defaults: string;
  unknown_sender: string;
  active: number;
  inbound: string;
  imap_host: string | null;
  imap_port: number | null;
  imap_tls: number | null;
  imap_user: string | null;
  imap_password: string | null;
  imap_mailbox: string | null;
}

export async function insertChannel(
  db: Kysely<Database>,
  companyId: number,
  v: ChannelValues,
  at: number,
): Promise<number> {
  const row = await db
    .insertInto('email_channels')
    .values({ company_id: companyId, ...v, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the channel if it is still at `version`; answers whether it was. */
export async function updateChannel(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  version: number,
  v: ChannelValues,
  at: number,
): Promise<boolean> {
  const r = await db
    .updateTable('email_channels')
    .set({ ...v, version: version + 1, updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteChannel(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('email_channels')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertMessageEmail(
  db: Kysely<Database>,
  row: Omit<MessageEmailRow, 'id' | 'error'> & { error?: string | null },
): Promise<number> {
  const r = await db
    .insertInto('message_emails')
    .values({ ...row, error: row.error ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setMessageEmailStatus(
  db: Kysely<Database>,
  id: number,
  status: 'sent' | 'failed',
  error: string | null,
): Promise<void> {
  await db.updateTable('message_emails').set({ status, error }).where('id', '=', id).execute();
}

/** Whether a mail with this Message-ID was already received by the company (a repeated delivery). */
export async function receivedBefore(
  db: Kysely<Database>,
  companyId: number,
  rfcId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('message_emails')
    .select('id')
    .where('company_id', '=', companyId)
    .where('rfc_message_id', '=', rfcId)
    .where('direction', '=', 'in')
    .executeTakeFirst();
  return row !== undefined;
}

/** The record of the subject a thread's Message-IDs belong to (the newest mention wins). */
export async function talkOfThread(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  rfcIds: string[],
): Promise<number | undefined> {
  if (rfcIds.length === 0) return undefined;
  const row = await db
    .selectFrom('message_emails')
    .select('talk_id')
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('rfc_message_id', 'in', rfcIds.slice(0, 100))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.talk_id;
}

/** The mails of a record's conversation, oldest first (at most the newest 200). */
export async function mailsOfTalk(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  talkId: number,
): Promise<MessageEmailRow[]> {
  const rows = await db
    .selectFrom('message_emails')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('talk_id', '=', talkId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.reverse();
}

/** The active channels that read an IMAP mailbox, with what tells a change (id and version). */
export function activeImapChannels(db: Kysely<Database>) {
  return db
    .selectFrom('email_channels')
    .selectAll()
    .where('active', '=', 1)
    .where('inbound', '=', 'imap')
    .orderBy('id')
    .limit(500)
    .execute();
}

export function activeChannelById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('email_channels')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
}
