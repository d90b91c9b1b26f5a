import { describe, expect, it } from 'vitest';
import { parseDate, type CivilDate } from './civil-date.ts';
import { checkDateRules, checkDateTimeRules, hasDateRules, readDateRuleConfig } from './date-rules.ts';
import { parseDateTime } from './zoned-time.ts';

const SP = 'America/Sao_Paulo';
/** Wednesday 15/07/2026 09:00:30 in São Paulo. */
const now = new Date('2026-07-15T12:00:30Z');

function day(text: string): CivilDate {
  const date = parseDate(text);
  if (!date) throw new Error(text);
  return date;
}

function at(text: string): Date {
  const instant = parseDateTime(text, SP);
  if (!instant) throw new Error(text);
  return instant;
}

const dateErrors = (text: string, configs: unknown, tz = SP) =>
  checkDateRules(day(text), readDateRuleConfig(configs), now, tz).map((e) => e.message);
const dateTimeErrors = (text: string, configs: unknown) =>
  checkDateTimeRules(at(text), readDateRuleConfig(configs), now, SP).map((e) => e.message);

describe('date rules config', () => {
  it('reads flags, signed day offsets and specific dates in both forms', () => {
    const config = readDateRuleConfig({
      daysNotGreaterThanToday: 'true',
      daysGreaterThan: '30',
      daysNotGreaterThan: -7,
      nationalHolidays: 1,
      weekends: true,
      specificDates: '20/07/2026; 2026-07-21; não é data',
    });
    expect(config).toEqual({
      notBeforeNow: true,
      maxDaysFromToday: 30,
      minDaysFromToday: -7,
      noNationalHolidays: true,
      noWeekends: true,
      specificDates: [day('20/07/2026'), day('21/07/2026')],
    });
  });

  it('accepts the list form of component configs and ignores garbage', () => {
    const config = readDateRuleConfig([{ configIdentifier: 'weekends', value: 'S' }, null, 42]);
    expect(config.noWeekends).toBe(true);
    expect(hasDateRules(readDateRuleConfig({ daysGreaterThan: 'muitos', weekends: 'no' }))).toBe(false);
    expect(hasDateRules(readDateRuleConfig(undefined))).toBe(false);
  });
});

describe('date (32) rules', () => {
  it('daysNotGreaterThanToday refuses days before today', () => {
    const rule = { daysNotGreaterThanToday: true };
    expect(dateErrors('14/07/2026', rule)).toEqual([
      'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026',
    ]);
    expect(dateErrors('15/07/2026', rule)).toEqual([]);
  });

  it('daysGreaterThan sets the upper limit today + N', () => {
    expect(dateErrors('15/08/2026', { daysGreaterThan: 30 })).toEqual([
      'A data/hora digitada não pode ser maior que 14/08/2026',
    ]);
    expect(dateErrors('14/08/2026', { daysGreaterThan: 30 })).toEqual([]);
    expect(dateErrors('15/07/2026', { daysGreaterThan: -1 })).toEqual([
      'A data/hora digitada não pode ser maior que 14/07/2026',
    ]);
  });

  it('daysNotGreaterThan sets the lower limit today + N (negative: in the past)', () => {
    expect(dateErrors('07/07/2026', { daysNotGreaterThan: -7 })).toEqual([
      'A data/hora digitada não pode ser menor que 08/07/2026',
    ]);
    expect(dateErrors('08/07/2026', { daysNotGreaterThan: -7 })).toEqual([]);
    expect(dateErrors('16/07/2026', { daysNotGreaterThan: 2 })).toEqual([
      'A data/hora digitada não pode ser menor que 17/07/2026',
    ]);
  });

  it('nationalHolidays refuses holidays, 15 Nov included', () => {
    const rule = { nationalHolidays: true };
    expect(dateErrors('07/09/2026', rule)).toEqual(['A data digitada não pode ser feriado nacional']);
    expect(dateErrors('15/11/2026', rule)).toEqual(['A data digitada não pode ser feriado nacional']);
    expect(dateErrors('17/02/2026', rule)).toEqual(['A data digitada não pode ser feriado nacional']);
    expect(dateErrors('08/09/2026', rule)).toEqual([]);
  });

  it('weekends refuses Saturdays and Sundays', () => {
    expect(dateErrors('18/07/2026', { weekends: true })).toEqual([
      'A data digitada não pode ser final de semana',
    ]);
    expect(dateErrors('19/07/2026', { weekends: true })).toEqual([
      'A data digitada não pode ser final de semana',
    ]);
    expect(dateErrors('20/07/2026', { weekends: true })).toEqual([]);
  });

  it('specificDates refuses the listed days', () => {
    const rule = { specificDates: ['20/07/2026', '2026-07-21'] };
    expect(dateErrors('20/07/2026', rule)).toEqual(['A data digitada não pode ser a especificada']);
    expect(dateErrors('21/07/2026', rule)).toEqual(['A data digitada não pode ser a especificada']);
    expect(dateErrors('22/07/2026', rule)).toEqual([]);
  });

  it('reports every broken rule', () => {
    const all = { daysNotGreaterThanToday: true, nationalHolidays: true, weekends: true };
    // Sunday 05/04/2026 is Easter, in the past.
    expect(dateErrors('05/04/2026', all)).toEqual([
      'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026',
      'A data digitada não pode ser feriado nacional',
      'A data digitada não pode ser final de semana',
    ]);
  });

  it("takes today in the company's zone", () => {
    const lateEvening = new Date('2026-07-16T01:00:00Z'); // 15/07 22:00 in São Paulo, 16/07 in UTC
    const config = readDateRuleConfig({ daysNotGreaterThanToday: true });
    expect(checkDateRules(day('15/07/2026'), config, lateEvening, SP)).toEqual([]);
    expect(checkDateRules(day('15/07/2026'), config, lateEvening, 'UTC')).toEqual([
      { message: 'A data/hora digitada não pode ser menor que data/hora atual: 16/07/2026' },
    ]);
  });

  it('ignores now-relative rules when now is not a valid date', () => {
    const config = readDateRuleConfig({ daysNotGreaterThanToday: true, daysGreaterThan: 1 });
    expect(checkDateRules(day('01/01/2000'), config, new Date(Number.NaN), SP)).toEqual([]);
  });
});

describe('date-time (11) rules', () => {
  it('daysNotGreaterThanToday compares to the minute and prints now as dd/MM/yyyy HH:mm', () => {
    const rule = { daysNotGreaterThanToday: true };
    expect(dateTimeErrors('15/07/2026 09:00', rule)).toEqual([]);
    expect(dateTimeErrors('15/07/2026 08:59', rule)).toEqual([
      'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026 09:00',
    ]);
  });

  it('daysGreaterThan: now + N days at the same time', () => {
    expect(dateTimeErrors('17/07/2026 09:00', { daysGreaterThan: 2 })).toEqual([]);
    expect(dateTimeErrors('17/07/2026 09:01', { daysGreaterThan: 2 })).toEqual([
      'A data/hora digitada não pode ser maior que 17/07/2026 09:00',
    ]);
  });

  it('daysNotGreaterThan: now + N days at the same time', () => {
    expect(dateTimeErrors('16/07/2026 08:59', { daysNotGreaterThan: 1 })).toEqual([
      'A data/hora digitada não pode ser menor que 16/07/2026 09:00',
    ]);
    expect(dateTimeErrors('16/07/2026 09:00', { daysNotGreaterThan: 1 })).toEqual([]);
  });

  it('looks at the calendar day in the zone for holidays, weekends and specific dates', () => {
    // 2026-07-20T02:00Z is Sunday 19/07 23:00 in São Paulo but Monday in UTC.
    const late = new Date('2026-07-20T02:00:00Z');
    const weekends = readDateRuleConfig({ weekends: true });
    expect(checkDateTimeRules(late, weekends, now, SP)).toEqual([
      { message: 'A data digitada não pode ser final de semana' },
    ]);
    expect(checkDateTimeRules(late, weekends, now, 'UTC')).toEqual([]);
    expect(dateTimeErrors('12/10/2026 10:00', { nationalHolidays: true })).toEqual([
      'A data digitada não pode ser feriado nacional',
    ]);
    expect(dateTimeErrors('21/07/2026 10:00', { specificDates: ['21/07/2026'] })).toEqual([
      'A data digitada não pode ser a especificada',
    ]);
  });
});
