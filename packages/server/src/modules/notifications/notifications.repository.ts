import { sql, type Kysely } from 'kysely';
import type { NotificationInput } from '@talkbase/domain/contracts/notifications';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

/** All SQL of the notifications themselves, their channels and the company's channel switches. */

export interface NotificationRow {
  id: number;
  name: string;
  description: string | null;
  subject_id: number | null;
  title_template: string;
  message_template: string;
  attach_references: number;
}

export interface ChannelRow {
  notification_id: number;
  channel_id: number;
  is_required: number;
}

const NOTIFICATION_COLUMNS = [
  'id',
  'name',
  'description',
  'subject_id',
  'title_template',
  'message_template',
  'attach_references',
] as const;

export const normalizeName = (name: string) => name.trim().toLowerCase();

export async function pageNotifications(
  db: Kysely<Database>,
  companyId: number,
  q: { term?: string | undefined; offset: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  let base = db.selectFrom('notifications').where('company_id', '=', companyId);
  if (q.term)
    base = base.where(sql<boolean>`name_normalized like ${likePattern(normalizeName(q.term))} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(NOTIFICATION_COLUMNS)
      .orderBy('name_normalized')
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function allNotifications(db: Kysely<Database>, companyId: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .select(NOTIFICATION_COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('name_normalized')
    .orderBy('id')
    .execute();
}

export function findNotification(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .select(NOTIFICATION_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function channelsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, ChannelRow[]>> {
  const by = new Map<number, ChannelRow[]>();
  if (ids.length === 0) return by;
  const rows = await db
    .selectFrom('notification_channels')
    .select(['notification_id', 'channel_id', 'is_required'])
    .where('notification_id', 'in', ids)
    .orderBy('channel_id')
    .execute();
  for (const r of rows) {
    const list = by.get(r.notification_id) ?? [];
    list.push(r);
    by.set(r.notification_id, list);
  }
  return by;
}

function values(companyId: number, n: NotificationInput, at: number) {
  return {
    company_id: companyId,
    name: n.notificationName,
    name_normalized: normalizeName(n.notificationName),
    description: n.notificationDescription,
    subject_id: n.subjectId,
    title_template: n.titleTemplate,
    message_template: n.messageTemplate,
    attach_references: n.attachReferences ? 1 : 0,
    updated_at: at,
  };
}

async function writeChannels(trx: Kysely<Database>, id: number, n: NotificationInput): Promise<void> {
  await trx.deleteFrom('notification_channels').where('notification_id', '=', id).execute();
  await trx
    .insertInto('notification_channels')
    .values(
      n.notificationChannels.map((c) => ({
        notification_id: id,
        channel_id: c.channelId,
        is_required: c.isRequired ? 1 : 0,
      })),
    )
    .execute();
}

export async function insertNotification(
  trx: Kysely<Database>,
  companyId: number,
  n: NotificationInput,
  at: number,
): Promise<number> {
  const row = await trx
    .insertInto('notifications')
    .values({ ...values(companyId, n, at), created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeChannels(trx, row.id, n);
  return row.id;
}

export async function updateNotification(
  trx: Kysely<Database>,
  companyId: number,
  id: number,
  n: NotificationInput,
  at: number,
): Promise<boolean> {
  const res = await trx
    .updateTable('notifications')
    .set(values(companyId, n, at))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await writeChannels(trx, id, n);
  return true;
}

export async function deleteNotifications(
  trx: Kysely<Database>,
  companyId: number,
  ids: number[],
): Promise<number> {
  const res = await trx
    .deleteFrom('notifications')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function existingIds(db: Kysely<Database>, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** The company's channel switches; rows of known channels are written on first read. */
export async function companyChannels(
  db: Kysely<Database>,
  companyId: number,
  known: number[],
): Promise<{ id: number; channel_id: number; is_enable: number }[]> {
  await db
    .insertInto('company_channels')
    .values(known.map((channelId) => ({ company_id: companyId, channel_id: channelId, is_enable: 1 })))
    .onConflict((oc) => oc.columns(['company_id', 'channel_id']).doNothing())
    .execute();
  return db
    .selectFrom('company_channels')
    .select(['id', 'channel_id', 'is_enable'])
    .where('company_id', '=', companyId)
    .where('channel_id', 'in', known)
    .orderBy('channel_id')
    .execute();
}

export async function toggleChannel(
  db: Kysely<Database>,
  companyId: number,
  channelId: number,
  isEnable?: boolean,
): Promise<void> {
  await db
    .updateTable('company_channels')
    .set({ is_enable: isEnable === undefined ? sql<number>`1 - is_enable` : isEnable ? 1 : 0 })
    .where('company_id', '=', companyId)
    .where('channel_id', '=', channelId)
    .execute();
}

/** The room's notification × channel settings (rooms.settings JSON `roomNotifications`). */
export async function roomNotificationSettings(
  db: Kysely<Database>,
  companyId: number,
  roomId: number,
): Promise<Map<string, { isEnable: boolean; isRequired: boolean }>> {
  const row = await db
    .selectFrom('rooms')
    .select('settings')
    .where('company_id', '=', companyId)
    .where('id', '=', roomId)
    .executeTakeFirst();
  const cells = new Map<string, { isEnable: boolean; isRequired: boolean }>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(row?.settings ?? '{}');
  } catch {
    parsed = {};
  }
  const list = (parsed as { roomNotifications?: unknown }).roomNotifications;
  if (!Array.isArray(list)) return cells;
  for (const entry of list as { channel?: { channelId?: unknown }; notifications?: unknown }[]) {
    const channelId = entry.channel?.channelId;
    if (typeof channelId !== 'number' || !Array.isArray(entry.notifications)) continue;
    for (const n of entry.notifications as {
      notificationId?: unknown;
      isEnable?: unknown;
      isRequired?: unknown;
    }[]) {
      if (typeof n.notificationId !== 'number') continue;
      cells.set(cellKey(n.notificationId, channelId), {
        isEnable: n.isEnable !== false,
        isRequired: n.isRequired === true,
      });
    }
  }
  return cells;
}

export const cellKey = (notificationId: number, channelId: number) => `${notificationId}:${channelId}`;

export async function accountChoices(db: Kysely<Database>, accountId: number): Promise<Map<string, boolean>> {
  const rows = await db
    .selectFrom('account_notification_channels')
    .select(['notification_id', 'channel_id', 'is_enable'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((r) => [cellKey(r.notification_id, r.channel_id), r.is_enable === 1]));
}

export async function saveAccountChoices(
  db: Kysely<Database>,
  accountId: number,
  choices: { notificationId: number; channelId: number; isEnable: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const c of choices) {
      await trx
        .insertInto('account_notification_channels')
        .values({
          account_id: accountId,
          notification_id: c.notificationId,
          channel_id: c.channelId,
          is_enable: c.isEnable ? 1 : 0,
        })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'notification_id', 'channel_id'])
            .doUpdateSet({ is_enable: c.isEnable ? 1 : 0 }),
        )
        .execute();
    }
  });
}
