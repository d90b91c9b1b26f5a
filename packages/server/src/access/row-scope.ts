import type { RawBuilder } from 'kysely';
import type { RowScope } from '../records/row-scope.ts';

export type { RowScope } from '../records/row-scope.ts';

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
  | 'message-version'
  | 'service-levels';

export function everyRow(_why: SystemRead): RowScope {
  return { condition: undefined } as RowScope;
}
