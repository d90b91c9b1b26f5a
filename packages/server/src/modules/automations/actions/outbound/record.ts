import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import type { AuthContext } from '../../../../access/identity.ts';
import { HttpError } from '../../../../http/errors.ts';
import type { AttributeMeta, SubjectMeta } from '../../../../records/subject-meta.ts';
import type { ActionContext } from '../types.ts';
import { servicesOf } from './once.ts';
import { templateVariables, variableText } from './render.ts';

/**
 * The event's record as outbound actions read it: the subject, the record (read as the automation's
 * actor; for a delete, the values the event carried) and the whitelist of template variables.
 */
export interface RecordView {
  subject: SubjectMeta;
  auth: AuthContext | null;
  talk: ApiTalk | null;
  /** Text of an attribute's value in this record ('' when empty). */
  text(attribute: AttributeMeta): string;
  /** The record a reference attribute points to, read as the actor (null when none or unreadable). */
  related(attribute: AttributeMeta): Promise<{ subject: SubjectMeta; talk: ApiTalk } | null>;
}

export async function actorOf(ctx: ActionContext): Promise<AuthContext | null> {
  const s = servicesOf(ctx);
  return s.actor ? s.actor(ctx) : null;
}

const isGone = (err: unknown) =>
  err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 403);

export async function loadRecord(ctx: ActionContext): Promise<RecordView> {
  const { services, trigger } = ctx;
  const subject = await services.subjects.loadById(ctx.companyId, trigger.subjectId);
  const auth = await actorOf(ctx);
  let talk: ApiTalk | null = null;
  if (auth && trigger.talkId !== null && trigger.eventType !== 3) {
    try {
      talk = await services.talks.get(auth, subject.identifier, trigger.talkId);
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  }
  const values = new Map(talk?.talkValues.map((v) => [v.subjectAttributeId, v]) ?? []);
  const canonical = trigger.after ?? trigger.before ?? {};
  const relatedCache = new Map<number, { subject: SubjectMeta; talk: ApiTalk } | null>();

  const view: RecordView = {
    subject,
    auth,
    talk,
    text(attribute) {
      const v = values.get(attribute.id);
      if (v) return variableText(v.value, v.displayValue);
      return talk ? '' : variableText(canonical[attribute.identifier]);
    },
    async related(attribute) {
      if (attribute.relatedSubjectId === null || !auth) return null;
      if (relatedCache.has(attribute.id)) return relatedCache.get(attribute.id) ?? null;
      const raw = values.get(attribute.id)?.value ?? canonical[attribute.identifier];
      const id = referenceId(raw);
      let found: { subject: SubjectMeta; talk: ApiTalk } | null = null;
      if (id !== null) {
        const relatedSubject = await services.subjects.loadById(ctx.companyId, attribute.relatedSubjectId);
        try {
          found = {
            subject: relatedSubject,
            talk: await services.talks.get(auth, relatedSubject.identifier, id),
          };
        } catch (err) {
          if (!isGone(err)) throw err;
        }
      }
      relatedCache.set(attribute.id, found);
      return found;
    },
  };
  return view;
}

export function referenceId(value: unknown): number | null {
  const v = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['talkId', 'id', 'value']) if (typeof o[k] === 'number') return o[k];
  }
  return null;
}

/** The text of one attribute (by identifier) of a related record. */
export function talkText(talk: ApiTalk, identifier: string): string {
  const v = talk.talkValues.find(
    (x) => x.subjectAttributeIdentifier.toLowerCase() === identifier.toLowerCase(),
  );
  return v ? variableText(v.value, v.displayValue) : '';
}

/**
 * The whitelist for templates: only names the templates use, from the record's attributes
 * (`campo`), its references (`referencia.campo`), the account that caused the event (`User.Name`,
 * `User.Email`) and the conversation identifier.
 */
export async function templateValues(
  ctx: ActionContext,
  record: RecordView,
  templates: string[],
  eventAccount: { name: string; email: string } | null,
): Promise<Map<string, string>> {
  const used = new Set(templates.flatMap((t) => templateVariables(t)));
  const out = new Map<string, string>();
  if (used.has('User.Name')) out.set('User.Name', eventAccount?.name ?? '');
  if (used.has('User.Email')) out.set('User.Email', eventAccount?.email ?? '');
  if (ctx.trigger.talkId !== null) {
    if (used.has('IdentificadorConversa')) out.set('IdentificadorConversa', String(ctx.trigger.talkId));
    if (used.has('talkId')) out.set('talkId', String(ctx.trigger.talkId));
  }
  if (used.has('assunto')) out.set('assunto', record.subject.name);
  for (const name of used) {
    if (out.has(name)) continue;
    const [first = '', second] = name.split('.');
    const attribute = record.subject.attributes.find(
      (a) => a.identifier.toLowerCase() === first.toLowerCase(),
    );
    if (!attribute || attribute.isInternal) continue;
    if (second === undefined) {
      out.set(name, record.text(attribute));
      continue;
    }
    const related = await record.related(attribute);
    out.set(name, related ? talkText(related.talk, second) : '');
  }
  return out;
}

/** Name and e-mail of an account of the company (null when none, inactive or deleted). */
export async function accountOf(
  ctx: ActionContext,
  accountId: number | null | undefined,
): Promise<{ name: string; email: string } | null> {
  const db = servicesOf(ctx).db;
  if (!db || !accountId) return null;
  const row = await db
    .selectFrom('accounts')
    .select(['display_name', 'email'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', accountId)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { name: row.display_name, email: row.email ?? '' } : null;
}
