import type { Kysely } from 'kysely';
import {
  messagePostSchema,
  messageTexts,
  type MessageAccount,
  type MessagePage,
  type MessagePush,
  type TalkMessage,
  type UnreadCount,
  type UnreadOfPage,
} from '@talkbase/domain/contracts/messages';
import type { MessageEmail } from '@talkbase/domain/contracts/email-channels';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import { zodIssuesToErrors } from '../../http/validation.ts';
import type { RecordReadCheck } from '../../realtime/hub.ts';
import { subjectOf, type StreamEvent } from '../../events/event-kinds.ts';
import { appendEvent, type EventStream, type EventTransaction } from '../../events/event-stream.ts';
import type { Push } from '../../events/stream-pushes.ts';
import { identityOfAccount, identityOfSession, type AuthContext } from '../../access/identity.ts';
import { findLiveSession } from '../../access/live-session.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { existingIds, findTalk } from '../../records/records.repository.ts';
import { talkMessages, type TalksService } from '../records/records.service.ts';
import * as repo from './messages.repository.ts';
import { everyRow } from '../../access/row-scope.ts';

/** Who posts a message: a signed-in account, or an automation acting on its own (SetTalkDialog). */
export type MessageAuthor =
  { kind: 'account'; auth: AuthContext } | { kind: 'automation'; label?: string; jobId?: number };

/**
 * The one way a message is posted, used by the HTTP call and by automations (SetTalkDialog posts
 * on its event's record; SetTalkDialogByFilter calls it once per record of its filter). The text
 * and `visibleTo` are checked as the HTTP body is; an account author must read the record, an
 * automation acts on any record of its company. The message, its conversation and the outbox
 * event 'message.created' (type 7) are written in one transaction; once committed, the message is
 * pushed to the sockets of the accounts that may see it.
 */
export interface PostMessageInput {
  companyId: number;
  subjectId: number;
  talkId: number;
  text: string;
  /** Null or empty: everyone who may read the record. */
  visibleTo?: number[] | null;
  author: MessageAuthor;
  /** For an automation: how many automation steps led to this one (the outbox event's depth). */
  depth?: number;
  /** Written in the message's own transaction (an e-mail channel records how it came or goes). */
  within?: (trx: EventTransaction, message: PostedMessage) => Promise<void>;
}

export interface PostedMessage {
  messageId: number;
  conversationId: number;
}

/** Pushes stay well below NOTIFY's 8000 bytes; a longer message is announced without its text. */
const PUSH_MAX_BYTES = 6000;

const iso = (ms: number) => new Date(ms).toISOString();
const isAccessError = (err: unknown) =>
  err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403);

/** The conversation on every record: messages, who sees them, unread counts, live delivery. */
export class MessagesService {
  private readonly db: Db;
  private readonly talks: TalksService;
  private readonly subjects: SubjectCatalogue;
  private readonly events: EventStream;

  constructor(deps: { db: Db; talks: TalksService; subjects: SubjectCatalogue; events: EventStream }) {
    this.db = deps.db;
    this.talks = deps.talks;
    this.subjects = deps.subjects;
    this.events = deps.events;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /**
   * The socket check of the real-time hub: the socket's session, as a request would be, reads the
   * record through the talks' own access check (room, delimitations, the account's shares).
   */
  readonly recordReadCheck: RecordReadCheck = async (client, talk) => {
    const session = await findLiveSession(this.k, client.sessionId, Date.now());
    if (!session || session.accountId !== client.accountId || session.companyId !== client.companyId)
      return false;
    return this.canRead(identityOfSession(session), talk.subject, talk.talkId);
  };

  private async canRead(auth: AuthContext, subject: string, talkId: number): Promise<boolean> {
    try {
      await this.talks.get(auth, subject, talkId);
      return true;
    } catch (err) {
      if (isAccessError(err)) return false;
      throw err;
    }
  }

  /** The record as `auth` reads it (404 when it may not), with its subject and conversation key. */
  private async readable(auth: AuthContext, identifier: string, talkId: number) {
    const talk = await this.talks.get(auth, identifier, talkId);
    const ref: repo.TalkRef = { companyId: auth.companyId, subjectId: talk.subjectId, talkId };
    return { talk, ref };
  }

  async list(
    auth: AuthContext,
    identifier: string,
    talkId: number,
    query: { page: number; fetch: number },
  ): Promise<MessagePage> {
    const { talk, ref } = await this.readable(auth, identifier, talkId);
    const p = paging(query.page, query.fetch);
    const [{ rows, total }, conversationId, lastReadMessageId] = await Promise.all([
      repo.pageOfMessages(this.k, ref, auth.accountId, p),
      repo.conversationOf(this.k, ref),
      repo.lastRead(this.k, ref, auth.accountId),
    ]);
    const [recipients, emails] = await Promise.all([
      repo.recipientsOf(
        this.k,
        rows.filter((r) => r.restricted === 1).map((r) => r.id),
      ),
      repo.emailsOf(
        this.k,
        rows.map((r) => r.id),
      ),
    ]);
    return {
      itens: rows.map((r) => this.present(talk.subject, talkId, r, recipients.get(r.id), emails.get(r.id))),
      totalResults: total,
      currentPage: p.page,
      conversationId,
      lastReadMessageId,
    };
  }

  private present(
    subject: string,
    talkId: number,
    row: repo.MessageRow,
    recipients: MessageAccount[] | undefined,
    email?: MessageEmail,
  ): TalkMessage {
    return {
      messageId: row.id,
      subject,
      talkId,
      conversationId: row.conversation_id,
      text: row.text,
      authorId: row.author_account_id,
      authorName: row.author_name ?? row.author_label ?? messageTexts.automationAuthor,
      createdAt: iso(row.created_at),
      visibleTo: row.restricted === 1 ? (recipients ?? []) : null,
      ...(email ? { email } : {}),
    };
  }

  /** `POST /talk/{subject}/{talkId}/messages` for the signed-in account. */
  async post(
    auth: AuthContext,
    identifier: string,
    talkId: number,
    body: { text: string; visibleTo: number[] | null },
  ): Promise<PostedMessage> {
    const { talk } = await this.readable(auth, identifier, talkId);
    return this.postMessage({
      companyId: auth.companyId,
      subjectId: talk.subjectId,
      talkId,
      text: body.text,
      visibleTo: body.visibleTo,
      author: { kind: 'account', auth },
    });
  }

  async postMessage(input: PostMessageInput): Promise<PostedMessage> {
    const parsed = messagePostSchema.safeParse({ text: input.text, visibleTo: input.visibleTo ?? null });
    if (!parsed.success) throw badRequest(zodIssuesToErrors(parsed.error.issues, ''));
    const { text, visibleTo } = parsed.data;
    const subject = await this.subjects.loadById(input.companyId, input.subjectId).catch((err: unknown) => {
      throw isAccessError(err) ? notFound(talkMessages.talkNotFound) : err;
    });
    const author = input.author.kind === 'account' ? input.author.auth : null;
    if (author && author.companyId !== input.companyId) throw notFound(talkMessages.talkNotFound);
    // The author reads the record (the HTTP call checked it already; automations' callers did not).
    const version = author
      ? (await this.talks.get(author, subject.identifier, input.talkId)).version
      : (await findTalk(this.k, subject, input.talkId, everyRow('message-version')))?.version;
    if (version === undefined) throw notFound(talkMessages.talkNotFound);
    const recipients = visibleTo
      ? await this.checkRecipients(input.companyId, subject, input.talkId, visibleTo, author)
      : null;

    const at = Date.now();
    const ref: repo.TalkRef = { companyId: input.companyId, subjectId: subject.id, talkId: input.talkId };
    const authorLabel =
      input.author.kind === 'automation' ? (input.author.label ?? messageTexts.automationAuthor) : null;
    const posted = await this.events.write(async (trx) => {
      const conversationId = await repo.ensureConversation(trx, ref, at);
      const messageId = await repo.insertMessage(trx, {
        ...ref,
        conversationId,
        authorAccountId: author?.accountId ?? null,
        authorLabel,
        text,
        recipients,
        at,
      });
      await appendEvent(trx, {
        companyId: input.companyId,
        kind: 'message.created',
        subjectId: subject.id,
        talkId: input.talkId,
        talkVersion: version,
        messageId,
        accountId: author?.accountId ?? null,
        depth: input.depth ?? 0,
        source: input.author.kind === 'automation' && input.author.jobId ? `job:${input.author.jobId}` : null,
        payload: {
          subject: subject.identifier,
          conversationId,
          messageId,
          text,
          authorId: author?.accountId ?? null,
          visibleTo: recipients,
        },
        at,
      });
      await input.within?.(trx, { messageId, conversationId });
      return { messageId, conversationId };
    });
    return posted;
  }

  /**
   * `visibleTo` names active accounts of the company that may read the record. A person may address
   * the accounts of its own room and of the rooms it interacts with ('Interagir'); an administrator
   * and an automation, any account of the company. The author is never listed: it always sees its own.
   */
  private async checkRecipients(
    companyId: number,
    subject: SubjectMeta,
    talkId: number,
    ids: number[],
    author: AuthContext | null,
  ): Promise<number[]> {
    const others = ids.filter((id) => id !== author?.accountId);
    const found = await repo.accountsAmong(this.k, companyId, others);
    const rooms =
      author && !author.isAdmin
        ? new Set(await repo.connectedRoomIds(this.k, companyId, author.roomId))
        : null;
    const refused = () => unprocessable([{ message: messageTexts.recipientNotAllowed, field: 'visibleTo' }]);
    if (found.length !== others.length) throw refused();
    for (const account of found) {
      if (rooms && !rooms.has(account.room_id)) throw refused();
      if (!(await this.canRead(this.authOf(companyId, account), subject.identifier, talkId))) throw refused();
    }
    return others;
  }

  /** An account's standing for an access check outside any request of its own. */
  private authOf(
    companyId: number,
    account: { id: number; room_id: number; account_type: number; is_admin: number },
  ): AuthContext {
    return identityOfAccount(companyId, account);
  }

  /**
   * SendTalkMessage for messages just committed (the event stream's push builder, registered by
   * app.ts): to the accounts that may see each one — its recipients and author when restricted,
   * else every reader of the record (the hub checks each socket's account).
   */
  readonly pushesOf = async (events: readonly StreamEvent[]): Promise<Push[]> => {
    const pushes: Push[] = [];
    for (const e of events) {
      if (e.messageId === null || e.talkId === null) continue;
      const identifier = subjectOf(e);
      const ref: repo.TalkRef = { companyId: e.companyId, subjectId: e.subjectId, talkId: e.talkId };
      const p = e.payload as {
        conversationId?: number;
        visibleTo?: number[] | null;
        authorId?: number | null;
      };
      const recipients = p.visibleTo ?? null;
      const row = await repo.findMessage(this.k, ref, e.messageId);
      const names = recipients
        ? (await repo.recipientsOf(this.k, [e.messageId])).get(e.messageId)
        : undefined;
      const email = row ? (await repo.emailsOf(this.k, [row.id])).get(row.id) : undefined;
      const message = row ? this.present(identifier, e.talkId, row, names, email) : null;
      const data: MessagePush = {
        subject: identifier,
        subjectId: e.subjectId,
        talkId: e.talkId,
        messageId: e.messageId,
        conversationId: p.conversationId ?? 0,
        message,
      };
      const authorId = p.authorId ?? null;
      pushes.push({
        companyId: e.companyId,
        event: realtimeEvents.talkMessage,
        data: Buffer.byteLength(JSON.stringify(data)) <= PUSH_MAX_BYTES ? data : { ...data, message: null },
        audience: {
          talk: { subject: identifier, talkId: e.talkId },
          ...(recipients ? { accountIds: [...recipients, ...(authorId === null ? [] : [authorId])] } : {}),
        },
      });
    }
    return pushes;
  };

  async unread(auth: AuthContext, identifier: string, talkId: number): Promise<UnreadCount> {
    const { ref } = await this.readable(auth, identifier, talkId);
    const [counts, conversationId] = await Promise.all([
      repo.unreadCount(this.k, ref, auth.accountId),
      repo.conversationOf(this.k, ref),
    ]);
    return { conversationId, ...counts };
  }

  /**
   * Unread counts of a page of records (a grid's): the records the account may not read are left
   * out, as the talk calls leave them out (the talks' access check and its visible rows).
   */
  async unreadOfPage(auth: AuthContext, body: { subject: string; talkIds: number[] }): Promise<UnreadOfPage> {
    const { subject, rows } = await this.talks.access(auth, body.subject, 'read');
    const ids = [...new Set(body.talkIds)];
    const readable = await existingIds(this.k, subject.id, ids, rows);
    const counts = new Map(
      (await repo.unreadCounts(this.k, auth.companyId, subject.id, [...readable], auth.accountId)).map(
        (c) => [c.talkId, c],
      ),
    );
    return {
      itens: ids
        .filter((id) => readable.has(id))
        .map((talkId) => {
          const c = counts.get(talkId);
          return c
            ? { talkId, conversationId: c.conversationId, unread: c.unread, lastMessageId: c.lastMessageId }
            : { talkId, conversationId: null, unread: 0, lastMessageId: null };
        }),
    };
  }

  /** Marks the thread read up to `messageId` (never past the newest message the account sees). */
  async markRead(
    auth: AuthContext,
    identifier: string,
    talkId: number,
    messageId: number | undefined,
  ): Promise<UnreadCount> {
    const { ref } = await this.readable(auth, identifier, talkId);
    const newest = await repo.newestSeen(this.k, ref, auth.accountId);
    const upTo = Math.min(messageId ?? newest, newest);
    if (upTo > 0) await repo.markRead(this.k, ref, auth.accountId, upTo, Date.now());
    return this.unread(auth, identifier, talkId);
  }

  /** The accounts the signed-in account may address a message to on this record (the composer's choice). */
  async participants(auth: AuthContext, identifier: string, talkId: number): Promise<MessageAccount[]> {
    await this.readable(auth, identifier, talkId);
    const rooms = auth.isAdmin
      ? await repo.roomIdsOf(this.k, auth.companyId)
      : await repo.connectedRoomIds(this.k, auth.companyId, auth.roomId);
    const candidates = (await repo.accountsInRooms(this.k, auth.companyId, rooms)).filter(
      (a) => a.id !== auth.accountId,
    );
    const out: MessageAccount[] = [];
    for (const account of candidates.slice(0, 200)) {
      if (await this.canRead(this.authOf(auth.companyId, account), identifier, talkId))
        out.push({ accountId: account.id, name: account.display_name });
    }
    return out;
  }

  /** The conversation id of a record (`IdentificadorConversa`), created when it has none yet. */
  async conversationId(companyId: number, subjectId: number, talkId: number): Promise<number> {
    return repo.ensureConversation(this.k, { companyId, subjectId, talkId }, Date.now());
  }
}
