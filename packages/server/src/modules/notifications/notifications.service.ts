import type { Kysely } from 'kysely';
import type { notificationListQuerySchema } from '@talkbase/domain/contracts/notifications';
import {
  CHANNEL,
  CHANNEL_DESCRIPTIONS,
  notificationMessages as m,
  type AccountNotificationRow,
  type AccountNotificationsInput,
  type CompanyChannel,
  type NotificationDetail,
  type NotificationForMatrix,
  type NotificationInput,
  type NotificationListItem,
  type NotificationPage,
  type NotificationVariable,
} from '@talkbase/domain/contracts/notifications';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { notFound, unprocessable, type ErrorItem } from '../../http/errors.ts';
import { paging } from '../../http/paging.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import * as repo from './notifications.repository.ts';

/** Channels this server delivers through (001 §9 ids 1, 2; 3 browser push). */
export const KNOWN_CHANNELS: number[] = [CHANNEL.app, CHANNEL.email, CHANNEL.push];

/**
 * Which of these notifications automations use (modules/automation-definitions, given by the app): deleting one in
 * use answers 422 'Existem automações associadas à esta notificação!'.
 */
export type AutomationCheck = (companyId: number, notificationIds: number[]) => Promise<number[]>;

/** One cell of a recipient's matrix, as delivery and the own profile see it. */
export interface MatrixCell {
  channelId: number;
  isEnable: boolean;
  isRequired: boolean;
  isDisabled: boolean;
}

/** The notifications themselves, the company's channels and the notification × channel matrices. */
export class NotificationsService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly automationsUsing: AutomationCheck;

  constructor(deps: { db: Db; subjects: SubjectCatalogue; automationsUsing: AutomationCheck }) {
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.automationsUsing = deps.automationsUsing;
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  async list(auth: AuthContext, q: z.output<typeof notificationListQuerySchema>): Promise<NotificationPage> {
    const p = paging(q.page, q.fetch);
    const { rows, total } = await repo.pageNotifications(this.k, auth.companyId, {
      term: q.NotificationName,
      offset: p.offset,
      limit: p.fetch,
    });
    const channels = await repo.channelsOf(
      this.k,
      rows.map((r) => r.id),
    );
    const itens: NotificationListItem[] = rows.map((r) => ({
      notificationId: r.id,
      notificationName: r.name,
      notificationDescription: r.description,
      subjectId: r.subject_id,
      notificationChannels: presentChannels(channels.get(r.id)),
    }));
    return { itens, totalResults: total, currentPage: p.page };
  }

  async get(companyId: number, id: number): Promise<NotificationDetail> {
    const row = await repo.findNotification(this.k, companyId, id);
    if (!row) throw notFound(m.notFound);
    const channels = await repo.channelsOf(this.k, [id]);
    return present(row, channels.get(id));
  }

  async create(auth: AuthContext, input: NotificationInput): Promise<NotificationDetail> {
    await this.check(auth.companyId, input);
    const id = await this.k
      .transaction()
      .execute((trx) => repo.insertNotification(trx, auth.companyId, input, Date.now()));
    return this.get(auth.companyId, id);
  }

  async update(auth: AuthContext, id: number, input: NotificationInput): Promise<NotificationDetail> {
    if (!(await repo.findNotification(this.k, auth.companyId, id))) throw notFound(m.notFound);
    await this.check(auth.companyId, input);
    const ok = await this.k
      .transaction()
      .execute((trx) => repo.updateNotification(trx, auth.companyId, id, input, Date.now()));
    if (!ok) throw notFound(m.notFound);
    return this.get(auth.companyId, id);
  }

  /** DELETE /api/notification: all or none; 422 while an automation uses one of them. */
  async remove(auth: AuthContext, ids: number[]): Promise<{ deleted: number }> {
    const found = await repo.existingIds(this.k, auth.companyId, ids);
    if (found.length !== ids.length) throw notFound(m.notFound);
    const inUse = await this.automationsUsing(auth.companyId, ids);
    if (inUse.length > 0) throw unprocessable([{ message: m.hasAutomations, field: 'notificationId' }]);
    const deleted = await this.k
      .transaction()
      .execute((trx) => repo.deleteNotifications(trx, auth.companyId, ids));
    return { deleted };
  }

  private async check(companyId: number, input: NotificationInput): Promise<void> {
    const errors: ErrorItem[] = [];
    input.notificationChannels.forEach((c, i) => {
      if (!KNOWN_CHANNELS.includes(c.channelId))
        errors.push({ message: m.channelUnknown, field: `notificationChannels.${i}.channelId` });
    });
    if (input.subjectId !== null) {
      try {
        await this.subjects.loadById(companyId, input.subjectId);
      } catch {
        errors.push({ message: m.subjectNotFound, field: 'subjectId' });
      }
    }
    if (errors.length) throw unprocessable(errors);
  }

  /** GET /api/company/channels. */
  async channels(companyId: number): Promise<CompanyChannel[]> {
    const rows = await repo.companyChannels(this.k, companyId, KNOWN_CHANNELS);
    return rows.map((r) => ({
      channelId: r.channel_id,
      channelDescription: CHANNEL_DESCRIPTIONS[r.channel_id] ?? String(r.channel_id),
      isEnable: r.is_enable === 1,
      companyChannelId: r.id,
    }));
  }

  /** PUT /api/Company/Channel/{channelId}: toggles, or sets `isEnable` when the body has it. */
  async toggleChannel(companyId: number, channelId: number, isEnable?: boolean): Promise<CompanyChannel> {
    if (!KNOWN_CHANNELS.includes(channelId)) throw notFound(m.channelNotFound);
    await repo.companyChannels(this.k, companyId, KNOWN_CHANNELS);
    await repo.toggleChannel(this.k, companyId, channelId, isEnable);
    const all = await this.channels(companyId);
    const channel = all.find((c) => c.channelId === channelId);
    if (!channel) throw notFound(m.channelNotFound);
    return channel;
  }

  async enabledChannels(companyId: number): Promise<Set<number>> {
    return new Set((await this.channels(companyId)).filter((c) => c.isEnable).map((c) => c.channelId));
  }

  /** GET /api/Room/notification: every notification with its channels enabled for the company. */
  async forMatrix(companyId: number): Promise<NotificationForMatrix[]> {
    const [rows, enabled] = await Promise.all([
      repo.allNotifications(this.k, companyId),
      this.enabledChannels(companyId),
    ]);
    const channels = await repo.channelsOf(
      this.k,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      notificationId: r.id,
      notificationName: r.name,
      notificationChannels: presentChannels(channels.get(r.id)).filter((c) => enabled.has(c.channelId)),
    }));
  }

  /**
   * The notification × channel matrix of one account (001 §2.5, §4; docs/decisions.md): columns are
   * the notification's channels the company has enabled; the room may disable a cell or make it
   * mandatory, the notification may make a channel mandatory, and otherwise the account chooses
   * (on by default).
   */
  async accountMatrix(
    account: { accountId: number; companyId: number; roomId: number },
    /** The company's notifications, when the caller already read them (one send, many recipients). */
    known?: NotificationForMatrix[],
  ): Promise<AccountNotificationRow[]> {
    const [forMatrix, room, choices] = await Promise.all([
      known ?? this.forMatrix(account.companyId),
      repo.roomNotificationSettings(this.k, account.companyId, account.roomId),
      repo.accountChoices(this.k, account.accountId),
    ]);
    return forMatrix.map((n) => ({
      notificationId: n.notificationId,
      notificationName: n.notificationName,
      channels: n.notificationChannels.map((c) => {
        const key = repo.cellKey(n.notificationId, c.channelId);
        const roomCell = room.get(key);
        const isDisabled = roomCell ? !roomCell.isEnable : false;
        const isRequired = !isDisabled && (c.isRequired || roomCell?.isRequired === true);
        const isEnable = isRequired || (!isDisabled && (choices.get(key) ?? true));
        return { channelId: c.channelId, isEnable, isRequired, isDisabled };
      }),
    }));
  }

  /**
   * Checks the own profile's choices (PUT /api/account/{id} `notifications`) and answers the write
   * to run once the rest of the profile is saved. A mandatory channel cannot be turned off and a
   * channel the room disabled cannot be turned on.
   */
  async prepareAccountChoices(
    auth: AuthContext,
    input: AccountNotificationsInput,
  ): Promise<() => Promise<void>> {
    const matrix = await this.accountMatrix(auth);
    const byId = new Map(matrix.map((r) => [r.notificationId, r]));
    const errors: ErrorItem[] = [];
    const choices: { notificationId: number; channelId: number; isEnable: boolean }[] = [];
    input.forEach((row, i) => {
      const known = byId.get(row.notificationId);
      if (!known) {
        errors.push({ message: m.notFound, field: `notifications.${i}.notificationId` });
        return;
      }
      row.channels.forEach((c, j) => {
        const cell = known.channels.find((k) => k.channelId === c.channelId);
        const field = `notifications.${i}.channels.${j}.isEnable`;
        if (!cell) errors.push({ message: m.channelUnknown, field });
        else if (cell.isRequired && !c.isEnable) errors.push({ message: m.channelLocked, field });
        else if (cell.isDisabled && c.isEnable) errors.push({ message: m.channelDisabledForRoom, field });
        else if (!cell.isRequired && !cell.isDisabled)
          choices.push({ notificationId: row.notificationId, channelId: c.channelId, isEnable: c.isEnable });
      });
    });
    if (errors.length) throw unprocessable(errors);
    return () => repo.saveAccountChoices(this.k, auth.accountId, choices);
  }

  /** GET /api/notification/variables: what the '${' picker offers for a subject. */
  async variables(companyId: number, subjectId: number | undefined): Promise<NotificationVariable[]> {
    const out: NotificationVariable[] = [
      { variable: 'User.Email', label: 'E-mail do usuário', group: 'user' },
      { variable: 'User.Name', label: 'Nome do usuário', group: 'user' },
      { variable: 'IdentificadorConversa', label: 'Identificador da conversa', group: 'talk' },
    ];
    if (subjectId === undefined) return out;
    const subject = await this.subjects.loadById(companyId, subjectId).catch(() => {
      throw notFound(m.subjectNotFound);
    });
    for (const a of subject.attributes) {
      out.push({ variable: a.identifier, label: `${subject.name} › ${a.name}`, group: 'subject' });
    }
    for (const a of subject.attributes) {
      if (a.relatedSubjectId === null) continue;
      const related = await this.subjects.loadById(companyId, a.relatedSubjectId).catch(() => null);
      if (!related) continue;
      for (const r of related.attributes)
        out.push({
          variable: `${a.identifier}.${r.identifier}`,
          label: `${a.name} › ${r.name}`,
          group: 'related',
        });
    }
    return out;
  }
}

function presentChannels(rows: repo.ChannelRow[] | undefined) {
  return (rows ?? []).map((c) => ({ channelId: c.channel_id, isRequired: c.is_required === 1 }));
}

function present(row: repo.NotificationRow, channels: repo.ChannelRow[] | undefined): NotificationDetail {
  return {
    notificationId: row.id,
    notificationName: row.name,
    notificationDescription: row.description,
    subjectId: row.subject_id,
    titleTemplate: row.title_template,
    messageTemplate: row.message_template,
    attachReferences: row.attach_references === 1,
    notificationChannels: presentChannels(channels),
  };
}
