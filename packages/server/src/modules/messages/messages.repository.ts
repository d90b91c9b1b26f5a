import { sql, type Kysely, type SqlBool } from 'kysely';
import { emailVerdictSchema, type MessageEmail } from '@talkbase/domain/contracts/email-channels';
import type { Database } from '../../db/schema.ts';

/** All SQL of record conversations and of the event outbox. Callers pass the handle (a transaction too). */

export interface TalkRef {
  companyId: number;
  subjectId: number;
  talkId: number;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  author_account_id: number | null;
  author_label: string | null;
  author_name: string | null;
  text: string;
  restricted: number;
  created_at: number;
}

/** The condition a message (alias `m`) meets when `accountId` may see it, besides reading its record. */
const seenBy = (accountId: number) =>
  sql<SqlBool>`(m.restricted = 0 or m.author_account_id = ${accountId} or exists (
    select 1 from talk_message_recipients r where r.message_id = m.id and r.account_id = ${accountId}))`;

export async function conversationOf(db: Kysely<Database>, ref: TalkRef): Promise<number | null> {
  const row = await db
    .selectFrom('talk_conversations')
    .select('id')
    .where('subject_id', '=', ref.subjectId)
    .where('talk_id', '=', ref.talkId)
    .where('company_id', '=', ref.companyId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The record's conversation id, created with its first message (two racing posts meet on the unique index). */
export async function ensureConversation(db: Kysely<Database>, ref: TalkRef, at: number): Promise<number> {
  await db
    .insertInto('talk_conversations')
    .values({ company_id: ref.companyId, subject_id: ref.subjectId, talk_id: ref.talkId, created_at: at })
    .onConflict((oc) => oc.columns(['subject_id', 'talk_id']).doNothing())
    .execute();
  const id = await conversationOf(db, ref);
  if (id === null) throw new Error('conversation row missing after insert');
  return id;
}

export async function insertMessage(
  db: Kysely<Database>,
  row: TalkRef & {
    conversationId: number;
    authorAccountId: number | null;
    authorLabel: string | null;
    text: string;
    recipients: number[] | null;
    at: number;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('talk_messages')
    .values({
      company_id: row.companyId,
      subject_id: row.subjectId,
      talk_id: row.talkId,
      conversation_id: row.conversationId,
      author_account_id: row.authorAccountId,
      author_label: row.authorLabel,
      text: row.text,
      restricted: row.recipients ? 1 : 0,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (row.recipients?.length) {
    await db
      .insertInto('talk_message_recipients')
      .values(row.recipients.map((accountId) => ({ message_id: inserted.id, account_id: accountId })))
      .execute();
  }
  return inserted.id;
}

/** A page of the messages `accountId` sees on a record, newest first, and how many there are. */
export async function pageOfMessages(
  db: Kysely<Database>,
  ref: TalkRef,
  accountId: number,
  paging: { offset: number; fetch: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const base = db
    .selectFrom('talk_messages as m')
    .where('m.subject_id', '=', ref.subjectId)
    .where('m.talk_id', '=', ref.talkId)
    .where('m.company_id', '=', ref.companyId)
    .where(seenBy(accountId));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('accounts as a', 'a.id', 'm.author_account_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.author_account_id',
        'm.author_label',
        'a.display_name as author_name',
        'm.text',
        'm.restricted',
        'm.created_at',
      ])
      .orderBy('m.id', 'desc')
      .limit(paging.fetch)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findMessage(db: Kysely<Database>, ref: TalkRef, messageId: number) {
  return db
    .selectFrom('talk_messages as m')
    .leftJoin('accounts as a', 'a.id', 'm.author_account_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.author_account_id',
      'm.author_label',
      'a.display_name as author_name',
      'm.text',
      'm.restricted',
      'm.created_at',
    ])
    .where('m.id', '=', messageId)
    .where('m.subject_id', '=', ref.subjectId)
    .where('m.talk_id', '=', ref.talkId)
    .where('m.company_id', '=', ref.companyId)
    .executeTakeFirst() as Promise<MessageRow | undefined>;
}

/** How messages came in or went out by e-mail (modules/email-channels writes `message_emails`). */
export async function emailsOf(
  db: Kysely<Database>,
  messageIds: number[],
): Promise<Map<number, MessageEmail>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('message_emails')
    .select(['message_id', 'direction', 'address', 'status', 'verdict'])
    .where('message_id', 'in', messageIds)
    .execute();
  const parse = (v: string | null): MessageEmail['verdict'] => {
    try {
      return v ? emailVerdictSchema.parse(JSON.parse(v)) : null;
    } catch {
      return null;
    }
  };
  return new Map(
    rows.map((r) => [
      r.message_id,
      { direction: r.direction, address: r.address, status: r.status, verdict: parse(r.verdict) },
    ]),
  );
}

/** The recipients of restricted messages, with their names. */
export async function recipientsOf(
  db: Kysely<Database>,
  messageIds: number[],
): Promise<Map<number, { accountId: number; name: string }[]>> {
  const out = new Map<number, { accountId: number; name: string }[]>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .selectFrom('talk_message_recipients as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .select(['r.message_id', 'r.account_id', 'a.display_name'])
    .where('r.message_id', 'in', messageIds)
    .orderBy('a.display_name')
    .execute();
  for (const r of rows) {
    const list = out.get(r.message_id) ?? [];
    list.push({ accountId: r.account_id, name: r.display_name });
    out.set(r.message_id, list);
  }
  return out;
}

export async function lastRead(db: Kysely<Database>, ref: TalkRef, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('talk_message_reads')
    .select('last_read_message_id')
    .where('account_id', '=', accountId)
    .where('subject_id', '=', ref.subjectId)
    .where('talk_id', '=', ref.talkId)
    .executeTakeFirst();
  return row?.last_read_message_id ?? 0;
}

/** Messages `accountId` sees on the record, written by others, newer than its read marker. */
export async function unreadCount(
  db: Kysely<Database>,
  ref: TalkRef,
  accountId: number,
): Promise<{ unread: number; lastMessageId: number | null }> {
  const marker = await lastRead(db, ref, accountId);
  const row = await db
    .selectFrom('talk_messages as m')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('m.id', '>', marker),
                eb.or([eb('m.author_account_id', 'is', null), eb('m.author_account_id', '!=', accountId)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('unread'),
      eb.fn.max<number | null>('m.id').as('last'),
    ])
    .where('m.subject_id', '=', ref.subjectId)
    .where('m.talk_id', '=', ref.talkId)
    .where('m.company_id', '=', ref.companyId)
    .where(seenBy(accountId))
    .executeTakeFirst();
  return {
    unread: Number(row?.unread ?? 0),
    lastMessageId: row?.last ?? null,
  };
}

/** Unread counts of several records of one subject, for `accountId` (records without messages left out). */
export async function unreadCounts(
  db: Kysely<Database>,
  companyId: number,
  subjectId: number,
  talkIds: number[],
  accountId: number,
): Promise<{ talkId: number; conversationId: number; unread: number; lastMessageId: number }[]> {
  if (talkIds.length === 0) return [];
  const rows = await db
    .selectFrom('talk_messages as m')
    .leftJoin('talk_message_reads as r', (join) =>
      join
        .onRef('r.subject_id', '=', 'm.subject_id')
        .onRef('r.talk_id', '=', 'm.talk_id')
        .on('r.account_id', '=', accountId),
    )
    .select((eb) => [
      'm.talk_id',
      eb.fn.max<number>('m.conversation_id').as('conversation_id'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                sql<SqlBool>`m.id > coalesce(r.last_read_message_id, 0)`,
                eb.or([eb('m.author_account_id', 'is', null), eb('m.author_account_id', '!=', accountId)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('unread'),
      eb.fn.max<number>('m.id').as('last'),
    ])
    .where('m.company_id', '=', companyId)
    .where('m.subject_id', '=', subjectId)
    .where('m.talk_id', 'in', talkIds)
    .where(seenBy(accountId))
    .groupBy('m.talk_id')
    .execute();
  return rows.map((r) => ({
    talkId: r.talk_id,
    conversationId: r.conversation_id,
    unread: Number(r.unread ?? 0),
    lastMessageId: r.last,
  }));
}

/** The newest message id `accountId` sees on the record (0 when none). */
export async function newestSeen(db: Kysely<Database>, ref: TalkRef, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('talk_messages as m')
    .select((eb) => eb.fn.max<number | null>('m.id').as('last'))
    .where('m.subject_id', '=', ref.subjectId)
    .where('m.talk_id', '=', ref.talkId)
    .where('m.company_id', '=', ref.companyId)
    .where(seenBy(accountId))
    .executeTakeFirst();
  return row?.last ?? 0;
}

/** Moves the read marker forward only (a late, older mark never un-reads newer messages). */
export async function markRead(
  db: Kysely<Database>,
  ref: TalkRef,
  accountId: number,
  messageId: number,
  at: number,
): Promise<void> {
  await db
    .insertInto('talk_message_reads')
    .values({
      company_id: ref.companyId,
      account_id: accountId,
      subject_id: ref.subjectId,
      talk_id: ref.talkId,
      last_read_message_id: messageId,
      read_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'subject_id', 'talk_id'])
        .doUpdateSet({ last_read_message_id: messageId, read_at: at })
        .where('talk_message_reads.last_read_message_id', '<', messageId),
    )
    .execute();
}

/** Active accounts of the company among `ids`, with their rooms. */
export async function accountsAmong(db: Kysely<Database>, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'room_id', 'account_type', 'is_admin', 'display_name'])
    .where('company_id', '=', companyId)
    .where('is_active', '=', 1)
    .where('id', 'in', ids)
    .execute();
}

/** Active person accounts in the given rooms (candidates for addressing a message). */
export async function accountsInRooms(db: Kysely<Database>, companyId: number, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'room_id', 'account_type', 'is_admin', 'display_name'])
    .where('company_id', '=', companyId)
    .where('is_active', '=', 1)
    .where('account_type', '=', 1)
    .where('room_id', 'in', roomIds)
    .orderBy('display_name')
    .limit(500)
    .execute();
}

export async function roomIdsOf(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const rows = await db.selectFrom('rooms').select('id').where('company_id', '=', companyId).execute();
  return rows.map((r) => r.id);
}

/** The room and the rooms it may interact with ('Interagir', room_connections), both ways. */
export async function connectedRoomIds(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('room_connections')
    .select(['room_id', 'room_to_id'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('room_id', '=', roomId), eb('room_to_id', '=', roomId)]))
    .execute();
  return [...new Set([roomId, ...rows.flatMap((r) => [r.room_id, r.room_to_id])])];
}

/** Removes the conversations of deleted records (their messages, recipients and read markers). */
export async function deleteConversationsOf(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<void> {
  if (talkIds.length === 0) return;
  await db
    .deleteFrom('talk_message_reads')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
  await db
    .deleteFrom('talk_message_recipients')
    .where('message_id', 'in', (eb) =>
      eb
        .selectFrom('talk_messages')
        .select('id')
        .where('subject_id', '=', subjectId)
        .where('talk_id', 'in', talkIds),
    )
    .execute();
  await db
    .deleteFrom('talk_messages')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
  await db
    .deleteFrom('talk_conversations')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
}
