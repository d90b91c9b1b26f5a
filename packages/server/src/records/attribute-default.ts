import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import type { AttributeMeta } from './subject-meta.ts';

/**
 * The default value "now" of a date or date-time attribute (`defaultValue: "now"`): the moment of
 * the create — for a date-only attribute, the company's today in its time zone.
 */
export const DEFAULT_NOW = 'now';

export function isDefaultNow(a: Pick<AttributeMeta, 'kind' | 'defaultValue'>): boolean {
  return (a.kind === 'date' || a.kind === 'datetime') && a.defaultValue?.trim().toLowerCase() === DEFAULT_NOW;
}

/** The value an attribute a create does not give starts from; null when it has none. */
export function defaultValueAt(a: AttributeMeta, ctx: { now: Date; timeZone: string }): unknown {
  if (a.defaultValue === null || a.kind === 'file') return null;
  if (!isDefaultNow(a)) return a.defaultValue;
  if (a.kind === 'datetime') return ctx.now.toISOString();
  const today = civilDateIn(ctx.now, ctx.timeZone);
  return today ? toIsoDate(today) : ctx.now.toISOString().slice(0, 10);
}
