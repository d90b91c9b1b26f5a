import { describe, expect, it } from 'vitest';
import { dateRule, dateTimeRule, readDateTimeValue, readDateValue } from './date-fields.ts';

const SP = 'America/Sao_Paulo';
const ctx = { now: new Date('2026-07-15T12:00:00Z'), timeZone: SP };
const date = { name: 'Vencimento', componentId: 32, isRequired: false, length: null, componentConfigs: {} };
const dateTime = { ...date, name: 'Entrega', componentId: 11 };

describe('date values', () => {
  it('reads the stored and the typed forms', () => {
    expect(readDateValue('2026-07-20', SP)).toEqual({ year: 2026, month: 7, day: 20 });
    expect(readDateValue('20/07/2026', SP)).toEqual({ year: 2026, month: 7, day: 20 });
    expect(readDateValue(new Date('2026-07-20T01:00:00Z'), SP)).toEqual({ year: 2026, month: 7, day: 19 });
    expect(readDateValue(20260720, SP)).toBeUndefined();
    expect(readDateTimeValue('2026-07-20T13:00:00.000Z', SP)?.toISOString()).toBe('2026-07-20T13:00:00.000Z');
    expect(readDateTimeValue('20/07/2026 10:00', SP)?.toISOString()).toBe('2026-07-20T13:00:00.000Z');
    expect(readDateTimeValue(new Date(Number.NaN), SP)).toBeUndefined();
  });

  it('answers a format error for what is not a date', () => {
    expect(dateRule.validate(date, '31/02/2026', ctx)).toEqual([
      { message: 'A data informada em Vencimento é inválida' },
    ]);
    expect(dateTimeRule.validate(dateTime, 'amanhã', ctx)).toEqual([
      { message: 'A data/hora informada em Entrega é inválida' },
    ]);
  });

  it('applies the configured rules', () => {
    const weekdaysOnly = { ...date, componentConfigs: { weekends: true } };
    expect(dateRule.validate(weekdaysOnly, '2026-07-18', ctx)).toEqual([
      { message: 'A data digitada não pode ser final de semana' },
    ]);
    const future = { ...dateTime, componentConfigs: { daysNotGreaterThanToday: true } };
    expect(dateTimeRule.validate(future, '2026-07-15T11:00:00Z', ctx)).toEqual([
      { message: 'A data/hora digitada não pode ser menor que data/hora atual: 15/07/2026 09:00' },
    ]);
  });

  it('uses São Paulo when the context has no zone', () => {
    const future = { ...date, componentConfigs: { daysNotGreaterThanToday: true } };
    const lateEvening = { now: new Date('2026-07-16T01:00:00Z') };
    expect(dateRule.validate(future, '15/07/2026', lateEvening)).toEqual([]);
  });
});
