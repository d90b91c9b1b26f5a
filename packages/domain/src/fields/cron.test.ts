import { describe, expect, it } from 'vitest';
import { fieldMatches, listedValues, readCron } from './cron.ts';
import { parseScheduleCron } from './schedule.ts';

describe('readCron, the one reading of the 7-field cron', () => {
  it('reads the editor shapes and the general form, seconds and years included', () => {
    expect(readCron('0 30 8 ? * 2,4,6 *')).toEqual({
      second: '0',
      minute: '30',
      hour: '8',
      dayOfMonth: '?',
      month: '*',
      dayOfWeek: '2,4,6',
      year: '*',
    });
    expect(readCron('15 30 8 ? * 2 2026-2028')).toMatchObject({ second: '15', year: '2026-2028' });
    expect(readCron('0 0/15 * 1,15 * ? *')).toMatchObject({ minute: '0/15', dayOfMonth: '1,15' });
    expect(readCron('*/10 1-30/5 9-17 ? 1,6-8 2-6')).toMatchObject({ year: '*', month: '1,6-8' });
  });

  it('refuses what is not a cron: field count, ranges, out-of-range numbers, names, misplaced ?', () => {
    for (const bad of [
      '',
      '* * * * *',
      '0 30 8 ? * 2 * extra',
      '60 30 8 ? * 2 *',
      '0 30 24 ? * 2 *',
      '0 30 8 0 * ? *',
      '0 30 8 32 * ? *',
      '0 30 8 ? 13 2 *',
      '0 30 8 ? * 8 *',
      '0 30 8 ? * 6-2 *',
      '0 30 8 ? * MON *',
      '0 30 8 L * ? *',
      '0 30 ? ? * 2 *',
      '0 0/0 * ? * 2 *',
      '0 30 8 ? * 2,* *',
      '0 30 8 ? * 2 1969',
    ])
      expect(readCron(bad), bad).toBeUndefined();
  });

  it('tells which values a field names, steps and ranges included', () => {
    const years = [2025, 2026, 2027, 2028, 2029, 2030].filter((y) =>
      fieldMatches('2026-2030/2', y, 1970, 2199),
    );
    expect(years).toEqual([2026, 2028, 2030]);
    expect(fieldMatches('*', 2099, 1970, 2199)).toBe(true);
    expect(fieldMatches('2027,2029', 2028, 1970, 2199)).toBe(false);
    expect([0, 5, 10, 15, 20].filter((m) => fieldMatches('5/10', m, 0, 59))).toEqual([5, 15]);
    expect([0, 20, 40].filter((m) => fieldMatches('*/20', m, 0, 59))).toEqual([0, 20, 40]);
    expect(listedValues('1,3-5,3', 7)).toEqual([1, 3, 4, 5]);
    expect(listedValues('1/2', 7)).toBeUndefined();
  });

  it('is what the schedule editor reads its shapes from: a cron it cannot read is no schedule', () => {
    expect(parseScheduleCron('0 30 8 ? * 2-4 *')).toMatchObject({ weekdays: [2, 3, 4], hour: 8, minute: 30 });
    expect(parseScheduleCron('0 30 8 ? * 2,* *')).toBeUndefined();
    expect(parseScheduleCron('15 30 8 ? * 2 *')).toBeUndefined();
  });
});
