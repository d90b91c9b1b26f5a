import { describe, expect, it } from 'vitest';
import {
  holidaysText,
  parseHolidays,
  parseRanges,
  prioritiesOf,
  priorityFilter,
  rangesText,
} from './sla-forms.ts';

describe('SLA screen forms', () => {
  it('reads and writes a day’s hours', () => {
    expect(parseRanges('13:00-18:00, 08:00-12:00')).toEqual([
      [480, 720],
      [780, 1080],
    ]);
    expect(parseRanges('')).toEqual([]);
    expect(parseRanges('00:00-24:00')).toEqual([[0, 1440]]);
    expect(parseRanges('18:00-08:00')).toBeUndefined();
    expect(parseRanges('8h-12h')).toBeUndefined();
    expect(
      rangesText([
        [480, 720],
        [780, 1080],
      ]),
    ).toBe('08:00-12:00, 13:00-18:00');
  });

  it('reads company holidays as dd/mm/aaaa lines', () => {
    expect(parseHolidays('24/12/2026\n\n31/12/2026')).toEqual({ dates: ['2026-12-24', '2026-12-31'] });
    expect(parseHolidays('31/02/2026')).toEqual({ bad: '31/02/2026' });
    expect(holidaysText(['2026-12-24'])).toBe('24/12/2026');
  });

  it('keeps a filter it did not write', () => {
    expect(prioritiesOf(priorityFilter(['3', '4']))).toEqual(['3', '4']);
    expect(priorityFilter([])).toBeNull();
    expect(prioritiesOf(null)).toEqual([]);
    expect(prioritiesOf({ attribute: 'cliente', operator: 'equal', value: 1 })).toBeNull();
  });
});
