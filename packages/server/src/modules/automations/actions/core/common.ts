import type { SetValueConfig, WorkStep } from '@talkbase/domain/contracts/jobs';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import type { AuthContext } from '../../../../access/identity.ts';
import type { SubjectMeta } from '../../../../records/subject-meta.ts';
import { nextBatch } from '../../../tags/tag-evaluator.ts';
import { filterCondition } from '../../record-match.ts';
import { PermanentActionError, type ActionContext, type ActionServices } from '../types.ts';

type Required<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };
export type EngineServices = Required<
  ActionServices,
  'actor' | 'isDone' | 'markDone' | 'timeZone' | 'runJobOn' | 'db'
>;

export function engineServices(ctx: ActionContext): EngineServices {
  const s = ctx.services;
  if (!s.actor || !s.isDone || !s.markDone || !s.timeZone || !s.runJobOn || !s.db)
    throw new Error('automation services incomplete');
  return s as EngineServices;
}

/** A unique-key violation on an idempotency mark: the change was made by an earlier attempt. */
export function isMarkConflict(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown };
  const text = typeof e.message === 'string' ? e.message : '';
  return (
    (e.code === '23505' && typeof e.constraint === 'string' && e.constraint.startsWith('automation_marks')) ||
    /UNIQUE constraint failed: automation_marks\.key/.test(text)
  );
}

/**
 * Runs a talks write carrying the mark `key`; already done (mark present or conflict) is success.
 * Answers what the write answered, or null when an earlier attempt had done it.
 */
export async function onceByMark<T>(
  ctx: ActionContext,
  key: string,
  write: (auth: AuthContext) => Promise<T>,
): Promise<{ value: T } | null> {
  const s = engineServices(ctx);
  if (await s.isDone(key)) return null;
  try {
    return { value: await write(await s.actor(ctx, key)) };
  } catch (err) {
    if (isMarkConflict(err)) return null;
    throw err;
  }
}

/** A set-value configuration's value: cleared, checked, or as given. */
export function valueOf(c: SetValueConfig): unknown {
  if (c.clearValue) return null;
  if (c.checked) return true;
  return c.value ?? null;
}

/** The talk write of set-value configurations that target `subject`. */
export function writeOf(subject: SubjectMeta, configs: readonly SetValueConfig[]): TalkWrite {
  const talkValues = configs
    .filter((c) => c.subjectAttributeId && (!c.subjectId || c.subjectId === subject.id))
    .map((c) => ({ subjectAttributeId: c.subjectAttributeId ?? undefined, value: valueOf(c) }));
  if (talkValues.length === 0)
    throw new PermanentActionError('Nenhum campo deste assunto foi configurado para alteração.');
  return { talkValues };
}

/** The subject a by-filter step works on: its own, else its first configuration's. */
export async function stepSubject(ctx: ActionContext, step: WorkStep): Promise<SubjectMeta> {
  const first = step.configs[0] as { subjectId?: number | null } | undefined;
  const id = step.subjectId ?? first?.subjectId ?? null;
  if (!id) throw new PermanentActionError('O passo não indica o assunto dos registros.');
  return ctx.services.subjects.loadById(ctx.companyId, id);
}

export async function triggerSubject(ctx: ActionContext): Promise<SubjectMeta> {
  return ctx.services.subjects.loadById(ctx.companyId, ctx.trigger.subjectId);
}

export function triggerTalk(ctx: ActionContext): number {
  if (ctx.trigger.talkId === null) throw new PermanentActionError('Este evento não tem registro.');
  if (ctx.trigger.eventType === 3) throw new PermanentActionError('O registro do evento foi excluído.');
  return ctx.trigger.talkId;
}

/** Every record of `subject` matching the step's filter, in id order, a batch at a time. */
export async function* matchingRecords(
  ctx: ActionContext,
  subject: SubjectMeta,
  step: WorkStep,
): AsyncGenerator<number> {
  const s = engineServices(ctx);
  const tz = await s.timeZone(ctx.companyId);
  const condition = filterCondition(subject, step.filter, { timeZone: tz, now: s.now() });
  const db = s.db;
  let cursor = 0;
  for (;;) {
    const batch = await nextBatch(db, subject.id, cursor, 500, condition);
    if (batch.ids.length === 0) return;
    for (const id of batch.ids) if (batch.matched.has(id)) yield id;
    cursor = batch.ids[batch.ids.length - 1] ?? cursor;
  }
}
