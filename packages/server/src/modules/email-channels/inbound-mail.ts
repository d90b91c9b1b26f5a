import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ParsedMail, SimpleParserOptions } from 'mailparser';
import { MESSAGE_MAX_LENGTH } from '@talkbase/domain/contracts/messages';
import { talkFilterSchema } from '@talkbase/domain/contracts/talks';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { automationIdentity, type AuthContext } from '../../access/identity.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { automaticReason, SenderRateLimit } from '../../mail/inbound/guards.ts';
import { clip, foldQuotedHistory, messageIds, ticketMark, titleOf } from '../../mail/inbound/mail-text.ts';
import {
  InboundRefusal,
  type InboundHandler,
  type ReceivedMail,
} from '../../mail/inbound/inbound-contract.ts';
import { verdictOf } from '../../mail/inbound/verdict.ts';
import type { TalksService } from '../records/records.service.ts';
import type { TalkQueryService } from '../records/record-query.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { EmailChannelsService } from './email-channels.service.ts';
import * as repo from './email-channels.repository.ts';

export const inboundMailTexts = {
  unknownSender: 'Remetente não cadastrado: este canal aceita apenas contatos conhecidos.',
  noText: '(mensagem sem texto)',
  clipped: '[mensagem cortada: o texto completo passou do limite da conversa]',
  attachmentsRefused: (names: string) => `Anexos não guardados: ${names}.`,
  notOpened: (why: string) => `O canal não conseguiu abrir o registro com esta mensagem: ${why}`,
} as const;

/** What an inbound mail became (tests and logs read it). */
export type InboundOutcome =
  | { kind: 'created'; talkId: number; messageId: number }
  | { kind: 'replied'; talkId: number; messageId: number }
  | { kind: 'ignored'; reason: string };

/**
 * mailparser is loaded by the first mail received (~150 ms and several MiB a server with no
 * e-mail channel never pays at start; docs/decisions.md, "Start-up").
 */
const parseMail = async (raw: Buffer, options?: SimpleParserOptions): Promise<ParsedMail> =>
  (await import('mailparser')).simpleParser(raw, options);

const header = (mail: ParsedMail) => (name: string) =>
  mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]*:\s*/, '');

/**
 * Mail → record → conversation (issue 37 item 2). A new mail opens a record of the channel's
 * subject with the channel's defaults, its subject line as the title and its sender as the
 * requester and contact; its text (plain, quoted history folded) is the first message of the
 * record's conversation and its attachments the record's files. A reply (In-Reply-To/References
 * naming a mail of the record, or `[#id]` from someone already in its thread) is added to the same
 * conversation. Everything is written as an automation acting for the company (the records' rules,
 * history and events all apply). Bounces and automatic replies are taken and dropped; a repeated
 * delivery of the same Message-ID is dropped; any failure to store reaches the listener, which
 * answers 451 so the sender retries.
 */
export class InboundMail implements InboundHandler {
  private readonly k: Kysely<Database>;
  private readonly subjects: SubjectCatalogue;
  private readonly talks: TalksService;
  private readonly query: TalkQueryService;
  private readonly messages: MessagesService;
  private readonly files: FilesService;
  private readonly channels: EmailChannelsService;
  private readonly rate: SenderRateLimit;
  private readonly log: (msg: string, data?: Record<string, unknown>) => void;
  /** The SMTP listener's port once started (SMTP_INBOUND_PORT=0 picks a free one). */
  listeningPort: number | undefined;
  /** SPF, DKIM and DMARC of a mail (mailauth). */
  private readonly verdict = verdictOf;

  constructor(deps: {
    db: Kysely<Database>;
    subjects: SubjectCatalogue;
    talks: TalksService;
    query: TalkQueryService;
    messages: MessagesService;
    files: FilesService;
    channels: EmailChannelsService;
    ratePerHour: number;
    log: (msg: string, data?: Record<string, unknown>) => void;
  }) {
    this.k = deps.db;
    this.subjects = deps.subjects;
    this.talks = deps.talks;
    this.query = deps.query;
    this.messages = deps.messages;
    this.files = deps.files;
    this.channels = deps.channels;
    this.rate = new SenderRateLimit(deps.ratePerHour);
    this.log = deps.log;
  }

  async acceptsRecipient(address: string): Promise<boolean> {
    return (await repo.activeChannelByAddress(this.k, address)) !== undefined;
  }

  acceptsSender(address: string): boolean {
    return this.rate.take(address);
  }

  async deliver(mail: ReceivedMail): Promise<void> {
    for (const outcome of await this.receive(mail)) this.log('inbound mail', { ...outcome });
  }

  /**
   * A mail read from a channel's IMAP mailbox: taken when stored or refused for good (a refused
   * sender, a mail the channel cannot make a record of), to be retried when storing failed.
   */
  async fromMailbox(channelId: number, raw: Buffer): Promise<'taken' | 'retry'> {
    const channel = await repo.activeChannelById(this.k, channelId);
    if (!channel) return 'retry';
    const parsed = await parseMail(raw);
    const returnPath =
      messageIds(header(parsed)('return-path'))[0] ?? header(parsed)('return-path')?.replace(/[<>\s]/g, '');
    const envelopeFrom = (returnPath ?? parsed.from?.value[0]?.address ?? '').toLowerCase() || null;
    try {
      const automatic = automaticReason(envelopeFrom, header(parsed));
      const outcome: InboundOutcome = automatic
        ? { kind: 'ignored', reason: automatic }
        : await this.intoChannel(channel, parsed, {
            raw,
            envelopeFrom,
            recipients: [channel.address],
            remoteAddress: '',
            helo: '',
          });
      this.log('inbound mail (IMAP)', { ...outcome });
      return 'taken';
    } catch (err) {
      if (err instanceof InboundRefusal && err.responseCode >= 500) {
        this.log('inbound mail (IMAP) refused', { reason: err.message });
        return 'taken';
      }
      throw err;
    }
  }

  /** Each accepted recipient's channel takes the mail once. */
  async receive(mail: ReceivedMail): Promise<InboundOutcome[]> {
    const parsed = await parseMail(mail.raw, { skipHtmlToText: false });
    const automatic = automaticReason(mail.envelopeFrom, header(parsed));
    if (automatic) return [{ kind: 'ignored', reason: automatic }];
    const outcomes: InboundOutcome[] = [];
    const seen = new Set<number>();
    for (const address of new Set(mail.recipients)) {
      const channel = await repo.activeChannelByAddress(this.k, address);
      if (!channel || seen.has(channel.id)) continue;
      seen.add(channel.id);
      outcomes.push(await this.intoChannel(channel, parsed, mail));
    }
    return outcomes;
  }

  private async intoChannel(
    channel: repo.ChannelRow,
    parsed: ParsedMail,
    mail: ReceivedMail,
  ): Promise<InboundOutcome> {
    const companyId = channel.company_id;
    const rfcId =
      messageIds(parsed.messageId)[0] ??
      `sem-id-${crypto.createHash('sha256').update(mail.raw).digest('hex').slice(0, 32)}@talkbase`;
    if (await repo.receivedBefore(this.k, companyId, rfcId))
      return { kind: 'ignored', reason: 'já recebida' };
    const from = parsed.from?.value[0];
    const sender = (from?.address ?? mail.envelopeFrom ?? '').toLowerCase();
    if (!sender) return { kind: 'ignored', reason: 'sem remetente' };
    const senderName = from?.name.trim() || sender;
    const auth = automationIdentity(companyId, undefined, { depth: 0, jobId: 0 });
    const subject = await this.subjects.loadById(companyId, channel.subject_id);
    const verdict = await this.verdict(mail.raw, {
      ip: mail.remoteAddress,
      helo: mail.helo,
      sender: mail.envelopeFrom ?? '',
    });

    const existing = await this.threadOf(auth, channel, subject, parsed, sender);
    const text = clip(
      (existing ? foldQuotedHistory(parsed.text ?? '') : (parsed.text ?? '').trim()) ||
        inboundMailTexts.noText,
      MESSAGE_MAX_LENGTH,
      inboundMailTexts.clipped,
    );
    const talkId = existing ?? (await this.openRecord(auth, channel, subject, parsed, sender, senderName));
    const posted = await this.messages.postMessage({
      companyId,
      subjectId: subject.id,
      talkId,
      text,
      visibleTo: null,
      author: { kind: 'automation', label: senderName === sender ? sender : `${senderName} <${sender}>` },
      within: async (trx, message) => {
        await repo.insertMessageEmail(trx, {
          company_id: companyId,
          channel_id: channel.id,
          subject_id: subject.id,
          talk_id: talkId,
          message_id: message.messageId,
          rfc_message_id: rfcId,
          direction: 'in',
          address: sender,
          status: 'received',
          verdict: JSON.stringify(verdict),
          created_at: Date.now(),
        });
      },
    });
    await this.attach(auth, channel, subject, talkId, parsed);
    return { kind: existing ? 'replied' : 'created', talkId, messageId: posted.messageId };
  }

  /** The record a reply belongs to: by its thread's Message-IDs, else by `[#id]` from a participant. */
  private async threadOf(
    auth: AuthContext,
    channel: repo.ChannelRow,
    subject: SubjectMeta,
    parsed: ParsedMail,
    sender: string,
  ): Promise<number | undefined> {
    const ids = [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references)];
    const byThread = await repo.talkOfThread(this.k, channel.company_id, subject.id, ids);
    if (byThread !== undefined && (await this.exists(auth, subject, byThread))) return byThread;
    const mark = ticketMark(parsed.subject);
    if (mark === undefined || !(await this.exists(auth, subject, mark))) return undefined;
    // `[#id]` alone is easy to forge: only someone already in the record's mail thread may use it.
    const mails = await repo.mailsOfTalk(this.k, channel.company_id, subject.id, mark);
    return mails.some((m) => m.address === sender) ? mark : undefined;
  }

  private async exists(auth: AuthContext, subject: SubjectMeta, talkId: number): Promise<boolean> {
    try {
      await this.talks.get(auth, subject.identifier, talkId);
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return false;
      throw err;
    }
  }

  private async openRecord(
    auth: AuthContext,
    channel: repo.ChannelRow,
    subject: SubjectMeta,
    parsed: ParsedMail,
    sender: string,
    senderName: string,
  ): Promise<number> {
    const shape = await this.channels.shape(subject);
    let defaults: { subjectAttributeIdentifier: string; value: unknown }[];
    try {
      defaults = JSON.parse(channel.defaults) as typeof defaults;
    } catch {
      defaults = [];
    }
    const values = new Map<string, unknown>(defaults.map((d) => [d.subjectAttributeIdentifier, d.value]));
    if (shape.title) {
      const max = shape.title.length ?? 150;
      values.set(shape.title.identifier, titleOf(parsed.subject, `E-mail de ${sender}`).slice(0, max));
    }
    if (shape.requester)
      values.set(shape.requester.identifier, senderName === sender ? sender : `${senderName} <${sender}>`);
    const contactId = await this.contactOf(auth, channel, shape.contact, sender, senderName);
    if (shape.contact && contactId !== undefined) values.set(shape.contact.attribute.identifier, contactId);
    try {
      const created = await this.talks.create(auth, subject.identifier, {
        talkValues: [...values].map(([subjectAttributeIdentifier, value]) => ({
          subjectAttributeIdentifier,
          value,
        })),
      });
      return created.resourceId;
    } catch (err) {
      // The channel's defaults do not make a valid record: retrying will not help, say it now.
      if (err instanceof HttpError && err.statusCode < 500)
        throw new InboundRefusal(550, inboundMailTexts.notOpened(err.message));
      throw err;
    }
  }

  /** The sender's contact record: found by its e-mail, else created or refused as the channel says. */
  private async contactOf(
    auth: AuthContext,
    channel: repo.ChannelRow,
    contact: Awaited<ReturnType<EmailChannelsService['shape']>>['contact'],
    sender: string,
    senderName: string,
  ): Promise<number | undefined> {
    if (contact) {
      const found = await this.query.filter(
        auth,
        contact.subject.identifier,
        talkFilterSchema.parse({
          fetch: 1,
          filterJson: {
            condition: 'E',
            rules: [{ attribute: contact.email.identifier, operator: 'equal', value: sender }],
          },
        }),
      );
      const first = found.itens[0];
      if (first) return first.talkId;
    }
    if (channel.unknown_sender === 'refuse') throw new InboundRefusal(550, inboundMailTexts.unknownSender);
    if (!contact) return undefined;
    const values = [{ subjectAttributeIdentifier: contact.email.identifier, value: sender }];
    if (contact.name) values.push({ subjectAttributeIdentifier: contact.name.identifier, value: senderName });
    try {
      return (await this.talks.create(auth, contact.subject.identifier, { talkValues: values })).resourceId;
    } catch (err) {
      // A contact subject that requires more than a name and an address: the record opens without it.
      if (err instanceof HttpError && err.statusCode < 500) {
        this.log('inbound mail: contact not created', { sender, error: err.message });
        return undefined;
      }
      throw err;
    }
  }

  /** The mail's attachments as the record's files (the files module's checks and limits apply). */
  private async attach(
    auth: AuthContext,
    channel: repo.ChannelRow,
    subject: SubjectMeta,
    talkId: number,
    parsed: ParsedMail,
  ): Promise<void> {
    const attachments = parsed.attachments.filter((a) => a.contentDisposition !== 'inline' || a.filename);
    if (attachments.length === 0) return;
    const shape = await this.channels.shape(subject);
    const refused: string[] = [];
    if (shape.files) {
      for (const [i, a] of attachments.entries()) {
        const name = a.filename ?? `anexo-${i + 1}`;
        try {
          await this.files.upload(
            auth,
            { subject: subject.identifier, talkId, attributeId: shape.files.id },
            {
              files: (async function* () {
                yield await Promise.resolve({ name, stream: Readable.from(a.content) });
              })(),
              removals: [],
            },
          );
        } catch (err) {
          if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          refused.push(`${name} (${err.message})`);
        }
      }
    } else refused.push(...attachments.map((a, i) => a.filename ?? `anexo-${i + 1}`));
    if (refused.length)
      await this.messages.postMessage({
        companyId: channel.company_id,
        subjectId: subject.id,
        talkId,
        text: clip(inboundMailTexts.attachmentsRefused(refused.join(', ')), MESSAGE_MAX_LENGTH, '…'),
        visibleTo: null,
        author: { kind: 'automation', label: channel.address },
      });
  }
}
