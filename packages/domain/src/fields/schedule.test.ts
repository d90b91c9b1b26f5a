import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildScheduleCron,
  INTERVAL_HOURS,
  INTERVAL_MINUTES,
  intervalUnitLabel,
  normalizeSchedule,
  parseScheduleCron,
  PERIOD_INTERVAL,
  PERIOD_SPECIFIC_TIME,
  SCHEDULE_MONTHLY,
  SCHEDULE_WEEKLY,
  scheduleRule,
  scheduleWarnings,
  toStandardCron,
  validateSchedule,
  type ScheduleSettings,
} from './schedule.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = {
  name: 'Agendamento',
  componentId: 18,
  isRequired: false,
  length: null,
  componentConfigs: {},
};
const WARNING =
  'Atenção! Em caso dos mês não possuir um dia que foi selecionado esse agendamento não será disparado.';

const weekly: ScheduleSettings = {
  frequency: SCHEDULE_WEEKLY,
  period: PERIOD_SPECIFIC_TIME,
  weekdays: [2, 4, 6],
  monthDays: [],
  hour: 8,
  minute: 30,
  intervalNumber: 1,
  intervalType: INTERVAL_HOURS,
};
const monthly: ScheduleSettings = {
  ...weekly,
  frequency: SCHEDULE_MONTHLY,
  weekdays: [],
  monthDays: [1, 15, 31],
};

describe('cron generation', () => {
  it('generates the six documented shapes', () => {
    const hours = { period: PERIOD_INTERVAL, intervalNumber: 3, intervalType: INTERVAL_HOURS } as const;
    const minutes = { period: PERIOD_INTERVAL, intervalNumber: 15, intervalType: INTERVAL_MINUTES } as const;
    expect(buildScheduleCron(weekly)).toBe('0 30 8 ? * 2,4,6 *');
    expect(buildScheduleCron({ ...weekly, ...hours })).toBe('0 0 0/3 ? * 2,4,6 *');
    expect(buildScheduleCron({ ...weekly, ...minutes })).toBe('0 0/15 * ? * 2,4,6 *');
    expect(buildScheduleCron(monthly)).toBe('0 30 8 1,15,31 * ? *');
    expect(buildScheduleCron({ ...monthly, ...hours })).toBe('0 0 0/3 1,15,31 * ? *');
    expect(buildScheduleCron({ ...monthly, ...minutes })).toBe('0 0/15 * 1,15,31 * ? *');
  });

  it('clamps hour to 23, minute to 59 and the interval to at least 1', () => {
    expect(buildScheduleCron({ ...weekly, hour: 30, minute: 75 })).toBe('0 59 23 ? * 2,4,6 *');
    expect(buildScheduleCron({ ...weekly, hour: -2, minute: Number.NaN })).toBe('0 0 0 ? * 2,4,6 *');
    const interval = { ...weekly, period: PERIOD_INTERVAL } as const;
    expect(buildScheduleCron({ ...interval, intervalNumber: 0 })).toBe('0 0 0/1 ? * 2,4,6 *');
    expect(buildScheduleCron({ ...interval, intervalNumber: 90, intervalType: INTERVAL_MINUTES })).toBe(
      '0 0/59 * ? * 2,4,6 *',
    );
  });

  it('sorts and deduplicates days and drops impossible ones', () => {
    expect(normalizeSchedule({ ...weekly, weekdays: [7, 1, 7, 0, 8, 2.5] }).weekdays).toEqual([1, 7]);
    expect(buildScheduleCron({ ...monthly, monthDays: [31, 1, 32] })).toBe('0 30 8 1,31 * ? *');
  });

  it('needs a day, with the spec messages', () => {
    expect(buildScheduleCron({ ...weekly, weekdays: [] })).toBeNull();
    expect(validateSchedule({ ...weekly, weekdays: [] })).toEqual([
      { message: 'Selecione no mínimo um dia da semana' },
    ]);
    expect(validateSchedule({ ...monthly, monthDays: [] })).toEqual([
      { message: 'Selecione no mínimo um dia do mês' },
    ]);
    expect(validateSchedule(weekly)).toEqual([]);
  });

  it('warns about days 29, 30 and 31', () => {
    expect(scheduleWarnings(monthly)).toEqual([WARNING]);
    expect(scheduleWarnings({ ...monthly, monthDays: [29] })).toEqual([WARNING]);
    expect(scheduleWarnings({ ...monthly, monthDays: [1, 28] })).toEqual([]);
    expect(scheduleWarnings({ ...weekly, monthDays: [31] })).toEqual([]);
  });

  it('labels the interval unit in the singular for 1', () => {
    expect(intervalUnitLabel(INTERVAL_HOURS, 1)).toBe('Hora');
    expect(intervalUnitLabel(INTERVAL_HOURS, 2)).toBe('Horas');
    expect(intervalUnitLabel(INTERVAL_MINUTES, 1)).toBe('Minuto');
    expect(intervalUnitLabel(INTERVAL_MINUTES, 30)).toBe('Minutos');
  });
});

describe('cron parsing', () => {
  it('reads back what it generates', () => {
    expect(parseScheduleCron('0 30 8 ? * 2,4,6 *')).toEqual(weekly);
    expect(parseScheduleCron('0 30 8 1,15,31 * ? *')).toEqual(monthly);
    expect(parseScheduleCron('0 0/15 * ? * 2,4,6 *')).toMatchObject({
      period: PERIOD_INTERVAL,
      intervalNumber: 15,
      intervalType: INTERVAL_MINUTES,
    });
  });

  it("accepts '*' for '?', ranges, '*/n' and the 6-field form", () => {
    expect(parseScheduleCron('0 0 */2 * * 2-6')).toMatchObject({
      weekdays: [2, 3, 4, 5, 6],
      intervalNumber: 2,
    });
  });

  it('refuses what the editor cannot show', () => {
    for (const cron of [
      '',
      '0 30 8 ? * 2 * extra',
      '5 30 8 ? * 2 *',
      '0 30 8 1 * 2 *',
      '0 30 8 ? * ? *',
      '0 30 24 ? * 2 *',
      '0 30 8 ? * 8 *',
      '0 30 8 ? 1 2 *',
      '0 30 8 ? * 6-2 *',
      '0 */0 * ? * 2 *',
    ]) {
      expect(parseScheduleCron(cron)).toBeUndefined();
    }
  });

  it('build∘parse∘build is build, for every setting', () => {
    const settings = fc.record({
      frequency: fc.constantFrom(SCHEDULE_WEEKLY, SCHEDULE_MONTHLY),
      period: fc.constantFrom(PERIOD_SPECIFIC_TIME, PERIOD_INTERVAL),
      weekdays: fc.array(fc.integer({ min: -1, max: 9 })),
      monthDays: fc.array(fc.integer({ min: 0, max: 33 })),
      hour: fc.integer({ min: -5, max: 40 }),
      minute: fc.integer({ min: -5, max: 80 }),
      intervalNumber: fc.integer({ min: -5, max: 100 }),
      intervalType: fc.constantFrom(INTERVAL_HOURS, INTERVAL_MINUTES),
    });
    fc.assert(
      fc.property(settings, (s) => {
        const cron = buildScheduleCron(s);
        expect(cron === null).toBe(validateSchedule(s).length > 0);
        if (cron === null) return;
        const parsed = parseScheduleCron(cron);
        expect(parsed).toBeDefined();
        if (parsed) expect(buildScheduleCron(parsed)).toBe(cron);
        expect(scheduleRule.validate(attribute, cron, ctx)).toEqual([]);
      }),
    );
  });
});

describe('standard cron for the job scheduler', () => {
  it('drops seconds and year and numbers Sunday 0', () => {
    expect(toStandardCron('0 30 8 ? * 1,7 *')).toBe('30 8 * * 0,6');
    expect(toStandardCron('0 0 0/3 1,15 * ? *')).toBe('0 */3 1,15 * *');
    expect(toStandardCron('0 0/15 * ? * 2 *')).toBe('*/15 * * * 1');
    expect(toStandardCron('qualquer coisa')).toBeUndefined();
  });
});

describe('schedule rule (18)', () => {
  it('refuses what is not a schedule', () => {
    expect(scheduleRule.validate(attribute, '* * * * *', ctx)).toEqual([
      { message: 'O agendamento informado em Agendamento é inválido' },
    ]);
    expect(scheduleRule.validate(attribute, 5, ctx)).toEqual([
      { message: 'O agendamento informado em Agendamento é inválido' },
    ]);
  });
});
