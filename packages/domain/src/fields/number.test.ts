import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUMBER_MAX, NUMBER_MIN, numberRule, parseWholeNumber, sanitizeNumberInput } from './number.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = {
  name: 'Quantidade',
  componentId: 3,
  isRequired: false,
  length: null,
  componentConfigs: {},
};
const errors = (value: unknown) => numberRule.validate(attribute, value, ctx).map((e) => e.message);
const RANGE = 'Quantidade deve estar entre -2147483648 e 2147483648';

describe('number (3)', () => {
  it('accepts whole numbers in the spec range, bounds included', () => {
    expect(NUMBER_MIN).toBe(-2147483648);
    expect(NUMBER_MAX).toBe(2147483648);
    for (const value of [0, 42, '42', '-7', -2147483648, 2147483648, ' 15 '])
      expect(errors(value)).toEqual([]);
  });

  it('refuses numbers out of range', () => {
    expect(errors(2147483649)).toEqual([RANGE]);
    expect(errors('-2147483649')).toEqual([RANGE]);
    expect(errors('99999999999999999999999')).toEqual([RANGE]);
  });

  it('refuses anything but digits', () => {
    for (const value of ['1.5', '1,5', '1e3', 'abc', 1.5, Number.NaN, true]) {
      expect(errors(value)).toEqual(['Quantidade deve conter apenas números']);
    }
  });

  it('keeps a leading minus and the digits while typing', () => {
    expect(sanitizeNumberInput('-12a3.4')).toBe('-1234');
    expect(sanitizeNumberInput('12-3')).toBe('123');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = sanitizeNumberInput(text);
        expect(sanitizeNumberInput(once)).toBe(once);
      }),
    );
  });

  it('parses what it keeps', () => {
    fc.assert(
      fc.property(fc.integer({ min: NUMBER_MIN, max: NUMBER_MAX }), (n) => {
        expect(parseWholeNumber(sanitizeNumberInput(String(n)))).toBe(n);
      }),
    );
  });
});
