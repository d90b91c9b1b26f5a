import type { Kysely } from 'kysely';
import type { inboxListSchema } from '@talkbase/domain/contracts/notifications';
import {
  type InboxItem,
  type InboxPage,
  type NotificationPush,
} from '@talkbase/domain/contracts/notifications';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { paging } from '../../http/paging.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { AuthContext } from '../../access/identity.ts';

/** What the in-app channel writes for one recipient. */
export interface InboxEntry {
  companyId: number;
  accountId: number;
  notificationId: number;
  subjectId: number | null;
  talkId: number | null;
  conversationId: string | null;
  title: string;
  description: string;
}

interface InboxRow {
  id: number;
  talk_id: number | null;
  conversation_id: string | null;
  title: string;
  description: string;
  is_read: number;
  created_at: number | string;
  subject_identifier: string | null;
  subject_icon: string | null;
}

/** The inbox (001 §2.15): the app channel's rows of an account, read or not, and `SendNotification`. */
export class InboxService {
  private readonly k: Kysely<Database>;
  private readonly hub: RealtimeHub;

  constructor(deps: { db: Kysely<Database>; hub: RealtimeHub }) {
    this.k = deps.db;
    this.hub = deps.hub;
  }

  private rows(accountId: number) {
    return this.k
      .selectFrom('inbox_notifications as i')
      .leftJoin('subjects as s', 's.id', 'i.subject_id')
      .where('i.account_id', '=', accountId);
  }

  private async fetchRows(
    accountId: number,
    q: { unreadOnly: boolean; ids?: number[]; offset: number; limit: number },
  ) {
    let base = this.rows(accountId);
    if (q.unreadOnly) base = base.where('i.is_read', '=', 0);
    if (q.ids) base = base.where('i.id', 'in', q.ids);
    return (await base
      .select([
        'i.id',
        'i.talk_id',
        'i.conversation_id',
        'i.title',
        'i.description',
        'i.is_read',
        'i.created_at',
        's.identifier as subject_identifier',
        's.icon as subject_icon',
      ])
      .orderBy('i.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute()) as InboxRow[];
  }

  async list(auth: AuthContext, q: z.output<typeof inboxListSchema>): Promise<InboxPage> {
    const p = paging(q.page, q.fetch);
    const unreadOnly = q.view === 2;
    let countQ = this.k.selectFrom('inbox_notifications').where('account_id', '=', auth.accountId);
    if (unreadOnly) countQ = countQ.where('is_read', '=', 0);
    const [rows, total, unread] = await Promise.all([
      this.fetchRows(auth.accountId, { unreadOnly, offset: p.offset, limit: p.fetch }),
      countQ.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      this.unread(auth.accountId),
    ]);
    return { itens: rows.map(present), totalResults: Number(total.n), currentPage: p.page, unread };
  }

  async unread(accountId: number): Promise<number> {
    const row = await this.k
      .selectFrom('inbox_notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('is_read', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the account's own rows read (others' ids are ignored) and tells its other sockets. */
  async read(
    auth: AuthContext,
    body: { id?: number; ids?: number[]; all?: boolean },
  ): Promise<{ unread: number }> {
    const ids = [...(body.id !== undefined ? [body.id] : []), ...(body.ids ?? [])];
    let q = this.k
      .updateTable('inbox_notifications')
      .set({ is_read: 1, read_at: Date.now() })
      .where('account_id', '=', auth.accountId)
      .where('is_read', '=', 0);
    if (!body.all) q = q.where('id', 'in', ids);
    await q.execute();
    const unread = await this.unread(auth.accountId);
    const push: NotificationPush = { item: null, unread };
    await this.hub.publishTo(auth.companyId, realtimeEvents.notification, push, {
      accountIds: [auth.accountId],
    });
    return { unread };
  }

  /** The in-app channel: writes the row and publishes `SendNotification` to the recipient's sockets. */
  async deliver(entry: InboxEntry): Promise<InboxItem> {
    const row = await this.k
      .insertInto('inbox_notifications')
      .values({
        company_id: entry.companyId,
        account_id: entry.accountId,
        notification_id: entry.notificationId,
        subject_id: entry.subjectId,
        talk_id: entry.talkId,
        conversation_id: entry.conversationId,
        title: entry.title,
        description: entry.description,
        is_read: 0,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [inserted] = await this.fetchRows(entry.accountId, {
      unreadOnly: false,
      ids: [row.id],
      offset: 0,
      limit: 1,
    });
    if (!inserted) throw new Error('inbox row vanished after insert');
    const item = present(inserted);
    const push: NotificationPush = { item, unread: await this.unread(entry.accountId) };
    // The hub's bus carries it to the instance holding the socket (PostgreSQL NOTIFY).
    await this.hub.publishTo(entry.companyId, realtimeEvents.notification, push, {
      accountIds: [entry.accountId],
    });
    return item;
  }
}

function present(r: InboxRow): InboxItem {
  return {
    id: r.id,
    subject: r.subject_identifier,
    talkId: r.talk_id,
    title: r.title,
    description: r.description,
    data: new Date(Number(r.created_at)).toISOString(),
    status: r.is_read === 1,
    // Notifications carry no colour of their own (001 §3): the web uses the theme's.
    color: null,
    subjectIcon: r.subject_icon,
    inativo: false,
    conversationId: r.conversation_id,
  };
}
