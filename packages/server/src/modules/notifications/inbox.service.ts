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
import type { StreamEvent } from '../../events/event-kinds.ts';
import { appendEvent, type EventStream } from '../../events/event-stream.ts';
import type { Push } from '../../events/stream-pushes.ts';
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
  private readonly events: EventStream;

  constructor(deps: { db: Kysely<Database>; events: EventStream }) {
    this.k = deps.db;
    this.events = deps.events;
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
    await this.events.write(async (trx) => {
      let q = trx
        .updateTable('inbox_notifications')
        .set({ is_read: 1, read_at: Date.now() })
        .where('account_id', '=', auth.accountId)
        .where('is_read', '=', 0);
      if (!body.all) q = q.where('id', 'in', ids);
      await q.execute();
      // The account's other sockets hear the new unread count.
      await appendEvent(trx, {
        companyId: auth.companyId,
        kind: 'notification.read',
        accountId: auth.accountId,
        payload: { recipient: auth.accountId },
      });
    });
    return { unread: await this.unread(auth.accountId) };
  }

  /** The in-app channel: writes the row and publishes `SendNotification` to the recipient's sockets. */
  async deliver(entry: InboxEntry): Promise<InboxItem> {
    const id = await this.events.write(async (trx) => {
      const row = await trx
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
      await appendEvent(trx, {
        companyId: entry.companyId,
        kind: 'notification.created',
        payload: { recipient: entry.accountId, inboxId: row.id },
      });
      return row.id;
    });
    return this.item(entry.accountId, id);
  }

  private async item(accountId: number, id: number): Promise<InboxItem> {
    const [inserted] = await this.fetchRows(accountId, { unreadOnly: false, ids: [id], offset: 0, limit: 1 });
    if (!inserted) throw new Error('inbox row vanished after insert');
    return present(inserted);
  }

  /**
   * SendNotification for inbox rows just written or read (the event stream's push builder): the
   * new item and the unread count, to the recipient's sockets only, on whichever instance holds
   * them (the hub's bus).
   */
  readonly pushesOf = async (events: readonly StreamEvent[]): Promise<Push[]> => {
    const pushes: Push[] = [];
    for (const e of events) {
      const recipient = Number(e.payload['recipient']);
      const inboxId = e.payload['inboxId'];
      const item =
        e.kind === 'notification.created' && typeof inboxId === 'number'
          ? await this.item(recipient, inboxId).catch(() => null)
          : null;
      const push: NotificationPush = { item, unread: await this.unread(recipient) };
      pushes.push({
        companyId: e.companyId,
        event: realtimeEvents.notification,
        data: push,
        audience: { accountIds: [recipient] },
      });
    }
    return pushes;
  };
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
