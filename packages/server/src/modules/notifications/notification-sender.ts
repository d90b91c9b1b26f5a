import type { Kysely } from 'kysely';
import {
  CHANNEL,
  notificationMessages as m,
  type NotificationDetail,
  type NotificationForMatrix,
  type NotificationSendResult,
} from '@talkbase/domain/contracts/notifications';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { recordLink, recordLinkPath } from '@talkbase/domain/notifications/record-link';
import {
  escapeHtml,
  renderTemplate,
  templateVariables,
  variableText,
} from '@talkbase/domain/notifications/template-variables';
import type { Database } from '../../db/schema.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { identityOfAccount, type AuthContext } from '../../access/identity.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { findTalk } from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import type { InboxService } from './inbox.service.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { PushChannel } from './web-push.ts';
import { everyRow } from '../../access/row-scope.ts';

/**
 * What to send: one notification of a company to some of its accounts, optionally about a record
 * of the notification's subject. The contract automations call (docs/api.md "Notifications"):
 * - every recipient must be an active account of the company (else 422, nothing is sent);
 * - each recipient gets the notification on the channels of the notification that the company
 *   has enabled and the recipient's matrix keeps on (mandatory ones always, ones the room
 *   disabled never);
 * - `${…}` variables are filled per recipient, with record values only when that recipient may
 *   read the record and the attribute (the access policy, through TalksService.get as them);
 * - a failing e-mail is logged and counted out; it never stops the other deliveries. Push is
 *   queued and delivered in the background (web-push.ts): `push` counts the browsers queued to;
 * - with "Anexar links de referência", a recipient who may read the record gets a link to it: in
 *   the e-mail under PUBLIC_URL (without it, the record is named without a link), and as the
 *   browser notification's click target (a path of the web app, opened where the worker lives).
 */
export interface SendRequest {
  companyId: number;
  notificationId: number;
  accountIds: number[];
  talkId?: number | null | undefined;
  /**
   * Who asked, through the send call: the record must be one they may read (GET /api/talk), and one
   * they may not read answers as a missing one. Automations send as the system and leave it out.
   */
  sender?: AuthContext | undefined;
}

interface Recipient {
  id: number;
  room_id: number;
  account_type: number;
  is_admin: number;
  display_name: string;
  email: string | null;
}

const isAccessError = (err: unknown) =>
  err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403);

export class NotificationSender {
  private readonly deps: {
    db: Kysely<Database>;
    notifications: NotificationsService;
    inbox: InboxService;
    mailer: Mailer;
    push: PushChannel;
    subjects: SubjectCatalogue;
    talks: TalksService;
    messages: MessagesService;
    /** PUBLIC_URL when set: e-mails link to the record under it; undefined, they only name it. */
    publicUrl: string | undefined;
    onError: (e: unknown) => void;
  };

  constructor(deps: NotificationSender['deps']) {
    this.deps = deps;
  }

  async send(req: SendRequest): Promise<NotificationSendResult> {
    const { db, notifications } = this.deps;
    const notification = await notifications.get(req.companyId, req.notificationId);
    const ids = [...new Set(req.accountIds)];
    const recipients = (await db
      .selectFrom('accounts')
      .select(['id', 'room_id', 'account_type', 'is_admin', 'display_name', 'email'])
      .where('company_id', '=', req.companyId)
      .where('id', 'in', ids)
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .execute()) as Recipient[];
    if (recipients.length !== ids.length)
      throw unprocessable([{ message: m.recipientNotFound, field: 'accountIds' }]);

    const talkId = req.talkId ?? null;
    let subject: SubjectMeta | null = null;
    let conversationId: string | null = null;
    if (talkId !== null) {
      if (notification.subjectId === null)
        throw unprocessable([{ message: m.talkNotFound, field: 'talkId' }]);
      subject = await this.deps.subjects.loadById(req.companyId, notification.subjectId);
      const found = req.sender
        ? (await this.readAs(req.sender, subject.identifier, talkId)) !== null
        : (await findTalk(db, subject, talkId, everyRow('notification-target'))) !== undefined;
      if (!found) throw unprocessable([{ message: m.talkNotFound, field: 'talkId' }]);
      conversationId = String(await this.deps.messages.conversationId(req.companyId, subject.id, talkId));
    }

    const enabled = await notifications.enabledChannels(req.companyId);
    const forMatrix = (await notifications.forMatrix(req.companyId)).filter(
      (n) => n.notificationId === notification.notificationId,
    );
    const result: NotificationSendResult = {
      notificationId: notification.notificationId,
      recipients: recipients.length,
      inApp: 0,
      email: 0,
      push: 0,
    };
    for (const r of recipients) {
      const channels = await this.channelsFor(req.companyId, notification, r, enabled, forMatrix);
      if (channels.size === 0) continue;
      const auth = authOf(req.companyId, r);
      const talk = subject && talkId !== null ? await this.readAs(auth, subject.identifier, talkId) : null;
      const values = await this.values(auth, notification, r, subject, talk, conversationId);
      const plainTitle = renderTemplate(notification.titleTemplate, values, 'plain');
      const plainBody = renderTemplate(notification.messageTemplate, values, 'plain');
      // The record is named only to recipients who may open it.
      const reference =
        notification.attachReferences && talk && subject
          ? `${subject.name} #${talk.talkId} — ${talk.displayName}`.trim()
          : null;
      const linkPath = reference && talk && subject ? recordLinkPath(subject.identifier, talk.talkId) : null;
      const link =
        reference && talk && subject && this.deps.publicUrl
          ? recordLink(this.deps.publicUrl, subject.identifier, talk.talkId)
          : null;

      if (channels.has(CHANNEL.app)) {
        await this.deps.inbox.deliver({
          companyId: req.companyId,
          accountId: r.id,
          notificationId: notification.notificationId,
          subjectId: talk ? (subject?.id ?? null) : null,
          talkId: talk ? talk.talkId : null,
          conversationId: talk ? conversationId : null,
          title: plainTitle,
          description: plainBody,
        });
        result.inApp += 1;
      }
      if (channels.has(CHANNEL.email) && r.email) {
        const named = reference ? renderTemplate(reference, new Map(), 'html') : '';
        const html =
          renderTemplate(notification.messageTemplate, values, 'html') +
          (link ? `<p><a href="${escapeHtml(link)}">${named}</a></p>` : reference ? `<p>${named}</p>` : '');
        try {
          await this.deps.mailer.send({
            to: r.email,
            subject: renderTemplate(notification.titleTemplate, values, 'header'),
            text: plainBody + (reference ? `\n\n${reference}` : '') + (link ? `\n${link}` : ''),
            html: `<!doctype html><html><body><p>${html}</p></body></html>`,
          });
          result.email += 1;
        } catch (e) {
          this.deps.onError(e);
        }
      }
      if (channels.has(CHANNEL.push)) {
        try {
          result.push += await this.deps.push.send(r.id, {
            title: plainTitle,
            body: plainBody,
            url: linkPath ?? '/notifications',
          });
        } catch (e) {
          this.deps.onError(e);
        }
      }
    }
    return result;
  }

  private async channelsFor(
    companyId: number,
    notification: NotificationDetail,
    r: Recipient,
    enabled: Set<number>,
    forMatrix: NotificationForMatrix[],
  ): Promise<Set<number>> {
    const matrix = await this.deps.notifications.accountMatrix(
      { accountId: r.id, companyId, roomId: r.room_id },
      forMatrix,
    );
    const row = matrix.find((x) => x.notificationId === notification.notificationId);
    return new Set(
      (row?.channels ?? []).filter((c) => c.isEnable && enabled.has(c.channelId)).map((c) => c.channelId),
    );
  }

  private async readAs(auth: AuthContext, subject: string, talkId: number): Promise<ApiTalk | null> {
    try {
      return await this.deps.talks.get(auth, subject, talkId);
    } catch (err) {
      if (isAccessError(err)) return null;
      throw err;
    }
  }

  /** The whitelist of one recipient: only names the templates use, only values they may read. */
  private async values(
    auth: AuthContext,
    notification: NotificationDetail,
    r: Recipient,
    subject: SubjectMeta | null,
    talk: ApiTalk | null,
    conversationId: string | null,
  ): Promise<Map<string, string>> {
    const used = new Set([
      ...templateVariables(notification.titleTemplate),
      ...templateVariables(notification.messageTemplate),
    ]);
    const values = new Map<string, string>();
    if (used.has('User.Email')) values.set('User.Email', r.email ?? '');
    if (used.has('User.Name')) values.set('User.Name', r.display_name);
    if (used.has('IdentificadorConversa') && talk) values.set('IdentificadorConversa', conversationId ?? '');
    if (!subject || !talk) return values;
    // talkValues hold only the attributes this recipient may read: others stay empty.
    const own = new Map(talk.talkValues.map((v) => [v.subjectAttributeIdentifier.toLowerCase(), v]));
    const relatedCache = new Map<string, ApiTalk | null>();
    for (const name of used) {
      if (name === 'User.Email' || name === 'User.Name' || name === 'IdentificadorConversa') continue;
      const [first = '', second] = name.split('.');
      const attribute = subject.attributes.find((a) => a.identifier.toLowerCase() === first.toLowerCase());
      if (!attribute) continue;
      const v = own.get(attribute.identifier.toLowerCase());
      if (second === undefined) {
        values.set(name, v ? variableText(v.value, v.displayValue) : '');
        continue;
      }
      if (attribute.relatedSubjectId === null) continue;
      const relatedId = relatedIdOf(v?.value);
      let related: ApiTalk | null = null;
      if (v && relatedId !== null) {
        const key = `${attribute.relatedSubjectId}:${relatedId}`;
        if (!relatedCache.has(key)) {
          const relatedSubject = await this.deps.subjects
            .loadById(auth.companyId, attribute.relatedSubjectId)
            .catch(() => null);
          relatedCache.set(
            key,
            relatedSubject ? await this.readAs(auth, relatedSubject.identifier, relatedId) : null,
          );
        }
        related = relatedCache.get(key) ?? null;
      }
      const rv = related?.talkValues.find(
        (x) => x.subjectAttributeIdentifier.toLowerCase() === second.toLowerCase(),
      );
      values.set(name, rv ? variableText(rv.value, rv.displayValue) : '');
    }
    return values;
  }
}

function relatedIdOf(value: unknown): number | null {
  const v = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['talkId', 'id', 'value']) if (typeof o[k] === 'number') return o[k];
  }
  return null;
}

function authOf(companyId: number, r: Recipient): AuthContext {
  return identityOfAccount(companyId, r);
}
