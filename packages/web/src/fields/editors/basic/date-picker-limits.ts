import {
  addDays,
  compareCivilDates,
  isWeekend,
  parseIsoDate,
  toIsoDate,
} from '@talkbase/domain/fields/civil-date';
import { readDateRuleConfig } from '@talkbase/domain/fields/date-rules';
import { DATE_EDITOR_HOLIDAYS, isNationalHoliday } from '@talkbase/domain/fields/holidays';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';

export interface PickerLimits {
  minDate: string | undefined;
  maxDate: string | undefined;
  excludeDate: (isoDate: string) => boolean;
}

/**
 * What the calendar can offer under a date attribute's rules (domain date-rules.ts): the days
 * before the lower limit and after the upper one, weekends, national holidays and the specific
 * dates are not offered. The limits are whole days (a date-time's limits fall within the day, so
 * the day itself stays offered and validateValue judges the time).
 */
export function pickerLimits(configs: unknown, now: Date, timeZone: string): PickerLimits {
  const rules = readDateRuleConfig(configs);
  const today = civilDateIn(now, timeZone);
  const lower = [
    rules.notBeforeNow ? today : undefined,
    today && rules.minDaysFromToday !== undefined ? addDays(today, rules.minDaysFromToday) : undefined,
  ]
    .filter((d) => d !== undefined)
    .sort(compareCivilDates)
    .at(-1);
  const upper =
    today && rules.maxDaysFromToday !== undefined ? addDays(today, rules.maxDaysFromToday) : undefined;
  return {
    minDate: lower ? toIsoDate(lower) : undefined,
    maxDate: upper ? toIsoDate(upper) : undefined,
    excludeDate: (isoDate) => {
      const day = parseIsoDate(isoDate);
      if (!day) return false;
      return (
        (rules.noWeekends && isWeekend(day)) ||
        (rules.noNationalHolidays && isNationalHoliday(day, DATE_EDITOR_HOLIDAYS)) ||
        rules.specificDates.some((d) => compareCivilDates(d, day) === 0)
      );
    },
  };
}
