import type { RawBuilder } from 'kysely';

/** Marks a row scope as decided here: nothing outside this file can write one as a literal. */
declare const decided: unique symbol;

/**
 * Which rows of a subject a read may touch: every read of records in a repository takes one
 * (required, never optional), so a reader cannot forget the account's row condition. It comes
 * from the access policy (`policy.rows`: room filter AND room filters AND delimitations AND the
 * account's own limits) or, for reads made for no person, from `everyRow` with the reason.
 */
export interface RowScope {
  readonly [decided]: true;
  /** SQL condition over the subject's table aliased `t`; undefined when every row may be read. */
  readonly condition: RawBuilder<unknown> | undefined;
}

/** The scope of an access policy (access/permissions.service.ts builds it; nothing else should). */
export function scopeOf(condition: RawBuilder<unknown> | undefined): RowScope {
  return { condition } as RowScope;
}

/**
 * Reads that act for no person, and so are not limited to anyone's rows: write rules and
 * uniqueness checks over the whole subject, automations acting as the company, record removal,
 * tag evaluation, ids another scoped read has already checked. Each call names its reason.
 */
export type SystemRead =
  | 'checked-ids'
  | 'write-rule'
  | 'automation'
  | 'removal'
  | 'tag-evaluation'
  | 'settings'
  | 'notification-target'
  | 'message-version';

export function everyRow(_why: SystemRead): RowScope {
  return { condition: undefined } as RowScope;
}
