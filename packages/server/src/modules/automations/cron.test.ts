import { describe, expect, it } from 'vitest';
import { slotsBetween, toCronerPattern } from './cron.ts';

const at = (iso: string) => Date.parse(iso);

describe("the scheduler's slots, from the domain's reading of the cron", () => {
  it('turns the 7-field form into croner pattern: steps bounded, days of the week from Sunday = 0', () => {
    expect(toCronerPattern('0 0/15 * ? * 2,4,6 *')).toEqual({
      pattern: '0 0-59/15 * * * 1,3,5',
      years: null,
    });
    expect(toCronerPattern('0 30 8 1,15 * ? *')?.pattern).toBe('0 30 8 1,15 * *');
    expect(toCronerPattern('0 0 8 ? * 2-6/2 *')?.pattern).toBe('0 0 8 * * 1-5/2');
    expect(toCronerPattern('0 0 8 ? * MON *')).toBeUndefined();
  });

  it('fires on seconds and only in the years the cron names', () => {
    expect(
      slotsBetween(
        '5 30 8 ? * 2 *',
        'America/Sao_Paulo',
        at('2026-11-29T00:00:00Z'),
        at('2026-12-01T00:00:00Z'),
      ),
    ).toEqual([at('2026-11-30T11:30:05Z')]);
    const newYears = slotsBetween(
      '0 0 12 1 1 ? 2027-2031/2',
      'UTC',
      at('2026-01-01T00:00:00Z'),
      at('2032-01-02T00:00:00Z'),
    );
    expect(newYears).toEqual([
      at('2027-01-01T12:00:00Z'),
      at('2029-01-01T12:00:00Z'),
      at('2031-01-01T12:00:00Z'),
    ]);
  });
});
