import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { type RowScope } from '../../access/row-scope.ts';
import type { EventTransaction } from '../../events/event-stream.ts';

export interface TalkWriteRuleInput {
  auth: AuthContext;
  subject: SubjectMeta;
  /** The record being changed; undefined for a new one. */
  talkId?: number | undefined;
  /** What the write gives, by attribute id (as the client sent it). */
  values: ReadonlyMap<number, unknown>;
  /** The rows the account may see (a rule must not read past them). */
  rows: RowScope;
  db: Kysely<Database>;
}

/**
 * A subject's own rules on a write (the tickets' rules, for instance): throws an HttpError to
 * refuse it, or answers the values to save — the given ones plus what the rule sets (a reset
 * writes null). The field permissions are checked on what the client gave, not on what a rule set.
 */
export type TalkWriteRule = (input: TalkWriteRuleInput) => Promise<Map<number, unknown>>;

/**
 * Called for every subject after records are written, inside the write's transaction (tags are
 * evaluated there, modules/tags, and append their own events to the write's). What follows the
 * commit is the event stream's (events/).
 */
export interface TalkWrittenHook {
  written(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    talkIds: readonly number[],
  ): Promise<void>;
}

/**
 * The rules of the template a write comes through (fixed, hidden default and pre-selected values:
 * modules/templates), for every subject, before the subject's own; without one, the values as given.
 */
export type TemplateWriteRule = (
  db: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  templateId: number | null | undefined,
  values: ReadonlyMap<number, unknown>,
  mode: 'create' | 'update',
) => Promise<Map<number, unknown>>;

/** Rules by subject identifier, run by TalksService before every create and update is prepared. */
export class TalkWriteRules {
  private readonly rules = new Map<string, TalkWriteRule[]>();
  private readonly hooks: TalkWrittenHook[] = [];
  private template: TemplateWriteRule = (_db, _auth, _subject, _templateId, values) =>
    Promise.resolve(new Map(values));

  /** The templates module's rules (app.ts). */
  throughTemplate(rule: TemplateWriteRule): void {
    this.template = rule;
  }

  applyTemplate(...args: Parameters<TemplateWriteRule>): Promise<Map<number, unknown>> {
    return this.template(...args);
  }

  onWritten(hook: TalkWrittenHook): void {
    this.hooks.push(hook);
  }

  async written(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    talkIds: readonly number[],
  ): Promise<void> {
    for (const h of this.hooks) await h.written(trx, auth, subject, talkIds);
  }

  register(subjectIdentifier: string, rule: TalkWriteRule): void {
    const key = subjectIdentifier.toLowerCase();
    this.rules.set(key, [...(this.rules.get(key) ?? []), rule]);
  }

  async apply(input: TalkWriteRuleInput): Promise<Map<number, unknown>> {
    let values = new Map(input.values);
    for (const rule of this.rules.get(input.subject.identifier.toLowerCase()) ?? [])
      values = await rule({ ...input, values });
    return values;
  }
}
