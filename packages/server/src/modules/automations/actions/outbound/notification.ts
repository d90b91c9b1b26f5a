import { configsOf, type NotificationReceiver } from '@talkbase/domain/contracts/jobs';
import { type NotificationStepDetail } from '@talkbase/domain/contracts/job-runs';
import { notificationMessages } from '@talkbase/domain/contracts/notifications';
import { HttpError } from '../../../../http/errors.ts';
import {
  PermanentActionError,
  RetryableActionError,
  type ActionContext,
  type ActionHandler,
} from '../types.ts';
import { withDetail } from '../detail.ts';
import { onceByKey, servicesOf } from './once.ts';

/** `receiverType` of a Notification step (the editor's codes; 1 and 2 are read the same). */
export function receiverKind(r: NotificationReceiver): 'account' | 'room' | null {
  const t = r.receiverType;
  if (t === 'account' || t === 1 || t === '1') return 'account';
  if (t === 'room' || t === 2 || t === '2') return 'room';
  return null;
}

/** The active accounts the receivers name: accounts themselves, and every account of a room. */
async function accountIdsOf(ctx: ActionContext, receivers: NotificationReceiver[]): Promise<number[]> {
  const db = servicesOf(ctx).db;
  if (!db) throw new Error('automation services incomplete: db');
  const accounts = new Set<number>();
  const rooms: number[] = [];
  for (const r of receivers) {
    const kind = receiverKind(r);
    const id = Number(r.receiverId);
    if (!kind || !Number.isInteger(id) || id <= 0)
      throw new PermanentActionError('Cada destinatário da notificação precisa de um tipo e de um id.');
    if (kind === 'account') accounts.add(id);
    else rooms.push(id);
  }
  if (rooms.length) {
    const rows = await db
      .selectFrom('accounts')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('room_id', 'in', rooms)
      .where('is_active', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) accounts.add(r.id);
  }
  return [...accounts].sort((a, b) => a - b);
}

/**
 * Notification: the notification service's `send` (its channels, the recipients' matrices, per-recipient
 * variables and read permissions), once per configuration and idempotency key.
 */
export function notificationHandler(): ActionHandler {
  return {
    kind: 'Notification',
    async run(ctx, step) {
      const configs = configsOf(step, 'Notification');
      if (configs.length === 0) throw new PermanentActionError('Configure a notificação a enviar.');
      const names = await notificationNames(
        ctx,
        configs.map((c) => c.notificationId ?? 0),
      );
      // What the run history shows: each notification and how many accounts it went to.
      const detail: NotificationStepDetail = { notifications: [] };
      try {
        for (const [i, c] of configs.entries()) {
          if (!c.notificationId) throw new PermanentActionError('Escolha a notificação a enviar.');
          const entry: NotificationStepDetail['notifications'][number] = {
            notificationId: c.notificationId,
            name: names.get(c.notificationId) ?? null,
            recipients: 0,
          };
          detail.notifications.push(entry);
          const sent = await sendConfig(ctx, i, c.notificationId, c.receivers, entry);
          if (!sent) entry.alreadyDone = true;
        }
      } catch (err) {
        throw err instanceof Error ? withDetail(err, detail) : err;
      }
      return detail;
    },
  };
}

/** The names of the company's notifications among `ids`. */
async function notificationNames(ctx: ActionContext, ids: number[]): Promise<Map<number, string>> {
  const db = servicesOf(ctx).db;
  const wanted = ids.filter((id) => id > 0);
  if (!db || wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One configuration's send, once per key; false when an earlier attempt had sent it. */
async function sendConfig(
  ctx: ActionContext,
  i: number,
  notificationId: number,
  receivers: NotificationReceiver[],
  entry: NotificationStepDetail['notifications'][number],
): Promise<boolean> {
  const done = await onceByKey(ctx, `${ctx.idempotencyKey}:notify:${i}`, async () => {
    const accountIds = await accountIdsOf(ctx, receivers);
    entry.recipients = accountIds.length;
    if (accountIds.length === 0) return;
    const talkId = ctx.trigger.eventType === 3 ? null : ctx.trigger.talkId;
    const send = (t: number | null) =>
      ctx.services.notificationSender.send({
        companyId: ctx.companyId,
        notificationId,
        accountIds,
        talkId: t,
      });
    try {
      try {
        await send(talkId);
      } catch (err) {
        // A notification of another subject (or none) than the event's record: sent without the record.
        if (talkId !== null && isTalkMismatch(err)) await send(null);
        else throw err;
      }
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500)
        throw new PermanentActionError(err.message, { cause: err });
      throw new RetryableActionError('Falha ao enviar a notificação.', { cause: err });
    }
  });
  return done !== null;
}

function isTalkMismatch(err: unknown): boolean {
  if (!(err instanceof HttpError) || err.statusCode !== 422) return false;
  return err.errors.some((e) => e.message === notificationMessages.talkNotFound);
}
