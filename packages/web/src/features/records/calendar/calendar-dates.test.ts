import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { describe, expect, it } from 'vitest';
import {
  movedValue,
  parseAnchor,
  parseMode,
  periodDays,
  periodFilter,
  periodTitle,
  placementOf,
  presetValue,
  rowOf,
  shiftAnchor,
} from './calendar-dates.ts';

const SP = 'America/Sao_Paulo';
const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { year: y ?? 0, month: m ?? 0, day: d ?? 0 };
};
const isoDays = (days: { year: number; month: number; day: number }[]) => days.map(toIsoDate);

describe('calendar periods', () => {
  it('a month shows whole weeks from Sunday to Saturday around it', () => {
    const days = isoDays(periodDays('month', day('2026-11-18')));
    expect(days[0]).toBe('2026-11-01'); // 1 Nov 2026 is a Sunday
    expect(days.at(-1)).toBe('2026-12-05');
    expect(days).toHaveLength(35);
    const feb = isoDays(periodDays('month', day('2026-02-10')));
    expect(feb[0]).toBe('2026-02-01');
    expect(feb).toHaveLength(28);
    expect(isoDays(periodDays('month', day('2026-08-01')))).toHaveLength(42);
  });

  it('a week is Sunday to Saturday; a day is itself', () => {
    expect(isoDays(periodDays('week', day('2026-11-25')))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(isoDays(periodDays('day', day('2026-11-25')))).toEqual(['2026-11-25']);
  });

  it('moves by a month (clamping the day), a week or a day', () => {
    expect(toIsoDate(shiftAnchor('month', day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(toIsoDate(shiftAnchor('month', day('2026-01-15'), -1))).toBe('2025-12-15');
    expect(toIsoDate(shiftAnchor('week', day('2026-12-29'), 1))).toBe('2027-01-05');
    expect(toIsoDate(shiftAnchor('day', day('2026-03-01'), -1))).toBe('2026-02-28');
  });

  it('reads the URL’s mode and date, falling back to a month around today', () => {
    expect(parseMode('week')).toBe('week');
    expect(parseMode('year')).toBe('month');
    expect(parseMode(null)).toBe('month');
    expect(toIsoDate(parseAnchor('2026-02-30', day('2026-11-29')))).toBe('2026-11-29');
    expect(toIsoDate(parseAnchor('2026-02-03', day('2026-11-29')))).toBe('2026-02-03');
  });

  it('names the period in Portuguese', () => {
    expect(periodTitle('month', day('2026-11-18'))).toBe('Novembro de 2026');
    expect(periodTitle('week', day('2026-11-25'))).toBe('22/11/2026 – 28/11/2026');
    expect(periodTitle('day', day('2026-11-25'))).toBe('Quarta-feira, 25 de novembro de 2026');
  });
});

describe('the filter of a period', () => {
  const days = periodDays('week', day('2026-11-25'));
  it('a date: between the first and the last day', () => {
    expect(periodFilter('data', 'date', days, SP)).toEqual({
      attribute: 'data',
      operator: 'between',
      value: ['2026-11-22', '2026-11-28'],
    });
  });
  it('an instant: from the first midnight of the zone up to the midnight after the last day', () => {
    expect(periodFilter('quando', 'datetime', days, SP)).toEqual({
      condition: 'E',
      rules: [
        { attribute: 'quando', operator: 'greater_or_equal', value: '2026-11-22T03:00:00.000Z' },
        { attribute: 'quando', operator: 'less', value: '2026-11-29T03:00:00.000Z' },
      ],
    });
  });
});

describe('placing and moving values', () => {
  it('places an instant on its day and time in the company’s zone', () => {
    // 01:30 UTC on the 26th is 22:30 on the 25th in São Paulo.
    const p = placementOf('datetime', '2026-11-26T01:30:00.000Z', SP);
    expect(p).toEqual({ date: '2026-11-25', time: '22:30', contingency: false });
    expect(p && rowOf('datetime', p)).toBe('22:00');
    expect(placementOf('date', '2026-11-25', SP)?.date).toBe('2026-11-25');
    expect(placementOf('window', { date: '2026-11-25', time: '09:00', contingency: false }, SP)).toEqual({
      date: '2026-11-25',
      time: '09:00',
      contingency: false,
    });
    expect(placementOf('window', { date: 'x' }, SP)).toBeUndefined();
    expect(placementOf('date', null, SP)).toBeUndefined();
  });

  it('a date takes the new day; the same day is no change', () => {
    expect(movedValue('date', '2026-11-25', { date: '2026-11-27' }, SP)).toBe('2026-11-27');
    expect(movedValue('date', '2026-11-25', { date: '2026-11-25' }, SP)).toBeUndefined();
  });

  it('an instant moved to a day keeps its time of day; to an hour row, its minutes', () => {
    const at = '2026-11-25T13:45:00.000Z'; // 10:45 in São Paulo
    expect(movedValue('datetime', at, { date: '2026-12-02' }, SP)).toBe('2026-12-02T13:45:00.000Z');
    expect(movedValue('datetime', at, { date: '2026-11-26', time: '15:00' }, SP)).toBe(
      '2026-11-26T18:45:00.000Z',
    );
    expect(movedValue('datetime', at, { date: '2026-11-25', time: '10:00' }, SP)).toBeUndefined();
    expect(movedValue('datetime', at, { date: '2026-11-25', time: '08:05', exact: true }, SP)).toBe(
      '2026-11-25T11:05:00.000Z',
    );
  });

  it('a time window keeps its kind, and its time when moved to a day', () => {
    const slot = { date: '2026-11-25', time: '09:00', contingency: false };
    expect(movedValue('window', slot, { date: '2026-11-26' }, SP)).toEqual({ ...slot, date: '2026-11-26' });
    expect(movedValue('window', slot, { date: '2026-11-26', time: '11:00' }, SP)).toEqual({
      date: '2026-11-26',
      time: '11:00',
      contingency: false,
    });
    expect(movedValue('window', { ...slot, contingency: true }, { date: '2026-11-27' }, SP)).toMatchObject({
      contingency: true,
    });
    expect(movedValue('window', slot, { date: '2026-11-25', time: '09:00' }, SP)).toBeUndefined();
  });
});

describe('a new record from a day', () => {
  it('starts on that day: a date as it is, an instant at 09:00 in the company’s zone, no time window', () => {
    expect(presetValue('date', '2027-03-05', SP)).toBe('2027-03-05');
    expect(presetValue('datetime', '2027-03-05', SP)).toBe('2027-03-05T12:00:00.000Z');
    expect(presetValue('window', '2027-03-05', SP)).toBeUndefined();
  });
});
