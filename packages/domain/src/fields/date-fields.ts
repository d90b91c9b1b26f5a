import { parseAnyDate, type CivilDate } from './civil-date.ts';
import { checkDateRules, checkDateTimeRules, readDateRuleConfig } from './date-rules.ts';
import { attributeName, fieldError, timeZoneOf, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';
import { civilDateIn, parseAnyDateTime, resolveTimeZone } from './zoned-time.ts';

/**
 * A date value (component 32): 'YYYY-MM-DD' as stored, 'dd/MM/yyyy' as typed, or a Date (its day
 * in the zone). Undefined when it is none of these.
 */
export function readDateValue(value: unknown, timeZone: string): CivilDate | undefined {
  if (typeof value === 'string') return parseAnyDate(value);
  if (value instanceof Date) return civilDateIn(value, resolveTimeZone(timeZone));
  return undefined;
}

/**
 * A date-time value (component 11): an ISO 8601 instant as stored, an ISO wall time or
 * 'dd/MM/yyyy HH:mm' read in the zone, or a Date.
 */
export function readDateTimeValue(value: unknown, timeZone: string): Date | undefined {
  if (typeof value === 'string') return parseAnyDateTime(value, resolveTimeZone(timeZone));
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value : undefined;
  return undefined;
}

export const dateRule: FieldRule = {
  componentIds: [32],
  validate(attribute, value, ctx) {
    const timeZone = resolveTimeZone(timeZoneOf(ctx));
    const date = readDateValue(value, timeZone);
    if (!date) return [fieldError(message('dateInvalid', { name: attributeName(attribute) }))];
    return checkDateRules(date, readDateRuleConfig(attribute.componentConfigs), ctx.now, timeZone);
  },
};

export const dateTimeRule: FieldRule = {
  componentIds: [11],
  validate(attribute, value, ctx) {
    const timeZone = resolveTimeZone(timeZoneOf(ctx));
    const instant = readDateTimeValue(value, timeZone);
    if (!instant) return [fieldError(message('dateTimeInvalid', { name: attributeName(attribute) }))];
    return checkDateTimeRules(instant, readDateRuleConfig(attribute.componentConfigs), ctx.now, timeZone);
  },
};
