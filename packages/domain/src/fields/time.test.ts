import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDuration, formatDuration, maskTime, parseDuration, timeRule } from './time.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = {
  name: 'Duração estimada',
  componentId: 19,
  isRequired: false,
  length: null,
  componentConfigs: {},
};
const INVALID = 'Duração inválida';
const TOO_LONG =
  'A duração não pode ser maior do que o período entre a previsão de início e a previsão de término';

describe('time mask HH:MM:SS', () => {
  it('caps the tens digit of minutes and seconds at 5', () => {
    expect(maskTime('013045')).toBe('01:30:45');
    expect(maskTime('0160')).toBe('01:0');
    expect(maskTime('01:75:00')).toBe('01:50:0');
    expect(maskTime('99:59:59')).toBe('99:59:59');
  });

  it('is idempotent and always parseable when complete', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = maskTime(text);
        expect(maskTime(once)).toBe(once);
        if (once.length === 8) expect(parseDuration(once)).toBeDefined();
      }),
    );
  });
});

describe('durations', () => {
  it('parses and formats', () => {
    expect(parseDuration('01:30:15')).toBe(5415);
    expect(parseDuration('01:60:00')).toBeUndefined();
    expect(parseDuration('1:00:00')).toBeUndefined();
    expect(parseDuration('120:00:00')).toBe(432000);
    expect(formatDuration(5415)).toBe('01:30:15');
    expect(formatDuration(432000)).toBe('120:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 3600 + 59 * 60 + 59 }), (seconds) => {
        expect(parseDuration(formatDuration(seconds))).toBe(seconds);
      }),
    );
  });

  it("answers 'Duração inválida' for an incomplete or zero estimate", () => {
    expect(checkDuration('01:3')).toEqual([{ message: INVALID }]);
    expect(checkDuration('00:00:00')).toEqual([{ message: INVALID }]);
    expect(checkDuration(90)).toEqual([{ message: INVALID }]);
    expect(checkDuration('00:30:00')).toEqual([]);
  });

  it('must fit between the forecast start and end', () => {
    const start = new Date('2026-07-15T12:00:00Z');
    const end = new Date('2026-07-15T14:00:00Z');
    expect(checkDuration('02:00:00', { start, end })).toEqual([]);
    expect(checkDuration('02:00:01', { start, end })).toEqual([{ message: TOO_LONG }]);
    expect(checkDuration('00:00:01', { start: end, end: start })).toEqual([{ message: TOO_LONG }]);
    expect(checkDuration('99:00:00', { start, end: null })).toEqual([]);
  });

  it('the time component accepts any complete HH:MM:SS', () => {
    expect(timeRule.validate(attribute, '00:00:00', ctx)).toEqual([]);
    expect(timeRule.validate(attribute, '12:5', ctx)).toEqual([{ message: INVALID }]);
  });
});
