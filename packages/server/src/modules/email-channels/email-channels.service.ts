import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  emailChannelTexts,
  type emailChannelWriteSchema,
  type EmailChannel,
  type EmailChannelPage,
  type EmailTalkState,
} from '@talkbase/domain/contracts/email-channels';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import { requirePlatformAdministrator } from '../../access/administration.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { TalksService } from '../records/records.service.ts';
import type { MessagesService, PostedMessage } from '../messages/messages.service.ts';
import { seal } from '../../mail/inbound/secret-box.ts';
import { shapeOf, type ChannelShape } from './channel-shape.ts';
import * as repo from './email-channels.repository.ts';

type ChannelWrite = z.output<typeof emailChannelWriteSchema>;

const iso = (ms: number) => new Date(ms).toISOString();
const isAccessError = (err: unknown) =>
  err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403);

/** A Message-ID of ours: `<random@the channel's domain>`. */
export function newMessageId(address: string): string {
  const domain = address.split('@')[1] ?? 'talkbase.local';
  return `${crypto.randomUUID()}@${domain}`;
}

/**
 * E-mail channels (issue 37): their administration (administrators of room 1, like tags), and the
 * attendants' answers by e-mail — a message posted on the record through the conversation's own
 * service (so the account must read the record), then sent from the channel's address to the
 * requester with the thread's headers; its delivery is recorded on the message.
 */
export class EmailChannelsService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly talks: TalksService;
  private readonly messages: MessagesService;
  private readonly mailer: Mailer;
  private readonly onError: (err: unknown) => void;
  private readonly secretKey: Buffer | undefined;

  constructor(deps: {
    db: Db;
    subjects: SubjectCatalogue;
    talks: TalksService;
    messages: MessagesService;
    mailer: Mailer;
    onError: (err: unknown) => void;
    /** EMAIL_SECRET_KEY: seals IMAP passwords. */
    secretKey: Buffer | undefined;
  }) {
    this.secretKey = deps.secretKey;
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.talks = deps.talks;
    this.messages = deps.messages;
    this.mailer = deps.mailer;
    this.onError = deps.onError;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /** The attributes an e-mail fills on records of `subject`. */
  shape(subject: SubjectMeta): Promise<ChannelShape> {
    return shapeOf(subject, (id) => this.subjects.loadById(subject.companyId, id).catch(() => undefined));
  }

  private async present(row: repo.ChannelRow): Promise<EmailChannel> {
    const subject = await this.subjects.loadById(row.company_id, row.subject_id).catch(() => undefined);
    let defaults: EmailChannel['defaults'];
    try {
      defaults = JSON.parse(row.defaults) as EmailChannel['defaults'];
    } catch {
      defaults = [];
    }
    return {
      channelId: row.id,
      name: row.name,
      address: row.address,
      subject: subject?.identifier ?? '',
      subjectName: subject?.name ?? '',
      defaults,
      unknownSender: row.unknown_sender === 'refuse' ? 'refuse' : 'create',
      active: row.active === 1,
      inbound: row.inbound === 'imap' ? 'imap' : 'smtp',
      imap:
        row.inbound === 'imap'
          ? {
              host: row.imap_host ?? '',
              port: row.imap_port ?? 993,
              tls: row.imap_tls === 1,
              user: row.imap_user ?? '',
              mailbox: row.imap_mailbox ?? 'INBOX',
              hasPassword: Boolean(row.imap_password),
            }
          : null,
      version: row.version,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  async list(auth: AuthContext, query: { page: number; fetch: number }): Promise<EmailChannelPage> {
    requirePlatformAdministrator(auth);
    const p = paging(query.page, query.fetch);
    const { rows, total } = await repo.pageChannels(this.k, auth.companyId, {
      offset: p.offset,
      limit: p.fetch,
    });
    return {
      itens: await Promise.all(rows.map((r) => this.present(r))),
      totalResults: total,
      currentPage: p.page,
    };
  }

  async get(auth: AuthContext, channelId: number): Promise<EmailChannel> {
    requirePlatformAdministrator(auth);
    const row = await repo.findChannel(this.k, auth.companyId, channelId);
    if (!row) throw notFound(emailChannelTexts.notFound);
    return this.present(row);
  }

  /** The stored values of a write, checked against the company's subjects. */
  private async values(
    auth: AuthContext,
    body: ChannelWrite,
    exceptId?: number,
    stored?: repo.ChannelRow,
  ): Promise<repo.ChannelValues> {
    const subject = await this.subjects.load(auth.companyId, body.subject).catch((err: unknown) => {
      if (isAccessError(err))
        throw unprocessable([{ message: emailChannelTexts.subjectNotFound, field: 'subject' }]);
      throw err;
    });
    if (!(await this.shape(subject)).title)
      throw unprocessable([{ message: emailChannelTexts.subjectNoTitle, field: 'subject' }]);
    body.defaults.forEach((d, i) => {
      if (!subject.attributes.some((a) => a.identifier === d.subjectAttributeIdentifier))
        throw unprocessable([
          {
            message: emailChannelTexts.defaultUnknown(d.subjectAttributeIdentifier),
            field: `defaults.${i}.subjectAttributeIdentifier`,
          },
        ]);
    });
    if (await repo.addressTaken(this.k, body.address, exceptId))
      throw conflict(emailChannelTexts.addressTaken, 'address');
    const imap = body.inbound === 'imap' ? body.imap : null;
    let password: string | null = null;
    if (imap) {
      if (!this.secretKey)
        throw unprocessable([{ message: emailChannelTexts.imapNoKey, field: 'imap.password' }]);
      password = imap.password ? seal(this.secretKey, imap.password) : (stored?.imap_password ?? null);
      if (!password)
        throw unprocessable([{ message: emailChannelTexts.imapPasswordRequired, field: 'imap.password' }]);
    }
    return {
      name: body.name,
      address: body.address,
      subject_id: subject.id,
      defaults: JSON.stringify(body.defaults),
      unknown_sender: body.unknownSender,
      active: body.active ? 1 : 0,
      inbound: body.inbound,
      imap_host: imap?.host ?? null,
      imap_port: imap?.port ?? null,
      imap_tls: imap ? (imap.tls ? 1 : 0) : null,
      imap_user: imap?.user ?? null,
      imap_password: password,
      imap_mailbox: imap?.mailbox ?? null,
    };
  }

  async create(auth: AuthContext, body: ChannelWrite): Promise<EmailChannel> {
    requirePlatformAdministrator(auth);
    const values = await this.values(auth, body);
    const id = await repo.insertChannel(this.k, auth.companyId, values, Date.now());
    return this.get(auth, id);
  }

  async update(auth: AuthContext, channelId: number, body: ChannelWrite): Promise<EmailChannel> {
    requirePlatformAdministrator(auth);
    const row = await repo.findChannel(this.k, auth.companyId, channelId);
    if (!row) throw notFound(emailChannelTexts.notFound);
    const values = await this.values(auth, body, channelId, row);
    const version = body.version ?? row.version;
    if (
      version !== row.version ||
      !(await repo.updateChannel(this.k, auth.companyId, channelId, version, values, Date.now()))
    )
      throw conflict(emailChannelTexts.stale, 'version');
    return this.get(auth, channelId);
  }

  async remove(auth: AuthContext, channelId: number): Promise<void> {
    requirePlatformAdministrator(auth);
    if (!(await repo.deleteChannel(this.k, auth.companyId, channelId)))
      throw notFound(emailChannelTexts.notFound);
  }

  /**
   * Who the record's answer by e-mail goes to: the sender of its latest mail, else its contact's
   * e-mail address (as the account reads the contact). The account must read the record (404).
   */
  private async replyTarget(auth: AuthContext, identifier: string, talkId: number) {
    const talk = await this.talks.get(auth, identifier, talkId);
    const channel = await repo.activeChannelOfSubject(this.k, auth.companyId, talk.subjectId);
    if (!channel) return { talk, channel: undefined, to: undefined, mails: [] };
    const mails = await repo.mailsOfTalk(this.k, auth.companyId, talk.subjectId, talkId);
    let to = [...mails].reverse().find((m) => m.direction === 'in')?.address;
    if (!to) {
      const subject = await this.subjects.loadById(auth.companyId, talk.subjectId);
      const contact = (await this.shape(subject)).contact;
      const ref =
        contact && talk.talkValues.find((v) => v.subjectAttributeId === contact.attribute.id)?.value;
      if (contact && typeof ref === 'number') {
        const record = await this.talks.get(auth, contact.subject.identifier, ref).catch((err: unknown) => {
          if (isAccessError(err)) return undefined;
          throw err;
        });
        const email = record?.talkValues.find((v) => v.subjectAttributeId === contact.email.id)?.value;
        if (typeof email === 'string' && email.includes('@')) to = email.toLowerCase();
      }
    }
    return { talk, channel, to, mails };
  }

  async talkState(auth: AuthContext, identifier: string, talkId: number): Promise<EmailTalkState> {
    const { channel, to } = await this.replyTarget(auth, identifier, talkId);
    return {
      canReply: Boolean(channel && to),
      channelAddress: channel?.address ?? null,
      requester: to ?? null,
      reason: !channel ? emailChannelTexts.noChannel : !to ? emailChannelTexts.noRequester : null,
    };
  }

  /**
   * "Enviar por e-mail": the message is posted on the record as the account (every rule of the
   * conversation applies; it is visible to every reader, the requester will read it too), marked
   * pending in the same transaction, then sent from the channel's address with `[#id] title` and
   * the thread's In-Reply-To and References; the delivery's result is recorded on it.
   */
  async reply(
    auth: AuthContext,
    identifier: string,
    talkId: number,
    body: { text: string },
  ): Promise<PostedMessage> {
    const { text } = body;
    const { talk, channel, to, mails } = await this.replyTarget(auth, identifier, talkId);
    if (!channel) throw unprocessable([{ message: emailChannelTexts.noChannel, field: 'text' }]);
    if (!to) throw unprocessable([{ message: emailChannelTexts.noRequester, field: 'text' }]);
    const rfcId = newMessageId(channel.address);
    let rowId = 0;
    const posted = await this.messages.postMessage({
      companyId: auth.companyId,
      subjectId: talk.subjectId,
      talkId,
      text,
      visibleTo: null,
      author: { kind: 'account', auth },
      within: async (trx, message) => {
        rowId = await repo.insertMessageEmail(trx, {
          company_id: auth.companyId,
          channel_id: channel.id,
          subject_id: talk.subjectId,
          talk_id: talkId,
          message_id: message.messageId,
          rfc_message_id: rfcId,
          direction: 'out',
          address: to,
          status: 'pending',
          verdict: null,
          created_at: Date.now(),
        });
      },
    });
    const subject = await this.subjects.loadById(auth.companyId, talk.subjectId);
    const titleAttribute = (await this.shape(subject)).title;
    const title =
      titleAttribute && talk.talkValues.find((v) => v.subjectAttributeId === titleAttribute.id)?.value;
    const thread = mails.map((m) => `<${m.rfc_message_id}>`);
    const lastIn = [...mails].reverse().find((m) => m.direction === 'in');
    try {
      await this.mailer.send({
        from: `${channel.name} <${channel.address}>`,
        to,
        subject: `[#${talkId}] ${typeof title === 'string' && title ? title : subject.name}`,
        text,
        messageId: `<${rfcId}>`,
        ...(lastIn ? { inReplyTo: `<${lastIn.rfc_message_id}>` } : {}),
        ...(thread.length ? { references: thread.slice(-20) } : {}),
      });
      await repo.setMessageEmailStatus(this.k, rowId, 'sent', null);
    } catch (err) {
      this.onError(err);
      await repo.setMessageEmailStatus(
        this.k,
        rowId,
        'failed',
        err instanceof Error ? err.message.slice(0, 500) : 'erro',
      );
    }
    return posted;
  }
}
