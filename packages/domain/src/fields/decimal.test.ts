import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalFormatOf,
  decimalPlaces,
  decimalRule,
  formatDecimal,
  formatMoney,
  maskDecimalInput,
  parseDecimal,
  parseMoney,
  readDecimalValue,
} from './decimal.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = { name: 'Peso', componentId: 5, isRequired: false, length: null, componentConfigs: {} };

describe('money', () => {
  it('parses and formats pt-BR amounts', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(formatMoney(1234.56)).toBe('1.234,56');
    expect(formatMoney(-1234567.5)).toBe('-1.234.567,50');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(-0.001)).toBe('0,00');
    expect(parseMoney('1234,5')).toBe(1234.5);
    expect(parseMoney('-0,05')).toBe(-0.05);
    expect(parseMoney('1.234')).toBe(1234);
  });

  it('refuses malformed text', () => {
    for (const text of ['1.23,45', '12.34', '1,234,56', 'R$ 10', '', ',5', '1.234.']) {
      expect(parseMoney(text)).toBeUndefined();
    }
  });

  it('parse∘format is the identity for values with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        const value = cents / 100;
        expect(parseMoney(formatMoney(value))).toBe(value);
      }),
    );
  });

  it('the typing mask fills from the right and is idempotent', () => {
    expect(maskDecimalInput('123456')).toBe('1.234,56');
    expect(maskDecimalInput('5')).toBe('0,05');
    expect(maskDecimalInput('-1a2')).toBe('-0,12');
    expect(maskDecimalInput('000')).toBe('');
    expect(maskDecimalInput('1234', { precision: 0, thousandsSeparator: false })).toBe('1234');
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (text, precision, thousandsSeparator) => {
          const format = { precision, thousandsSeparator };
          const once = maskDecimalInput(text, format);
          expect(maskDecimalInput(once, format)).toBe(once);
        },
      ),
    );
  });
});

describe('measurement (5, 23, 24, 25)', () => {
  it('reads precision and thousands separator from the config', () => {
    expect(decimalFormatOf(attribute)).toEqual({ precision: 2, thousandsSeparator: true });
    const config = { ...attribute, componentConfigs: { precision: '3', thousandsSeparator: 'false' } };
    expect(decimalFormatOf(config)).toEqual({ precision: 3, thousandsSeparator: false });
    expect(formatDecimal(12345.6789, decimalFormatOf(config))).toBe('12345,679');
    expect(formatDecimal(12345.6, { precision: 0, thousandsSeparator: true })).toBe('12.346');
    expect(formatDecimal(Number.NaN)).toBe('');
  });

  it('formatting is stable: format(parse(format(x))) = format(x)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (x, precision, sep) => {
          const format = { precision, thousandsSeparator: sep };
          const once = formatDecimal(x, format);
          const parsed = parseDecimal(once);
          expect(parsed).toBeDefined();
          expect(formatDecimal(parsed ?? Number.NaN, format)).toBe(once);
        },
      ),
    );
  });

  it('reads API numbers, dot-decimal strings and pt-BR text', () => {
    expect(readDecimalValue(12.5)).toBe(12.5);
    expect(readDecimalValue('1234.56')).toBe(1234.56);
    expect(readDecimalValue('1.234')).toBe(1234);
    expect(readDecimalValue('1.234,5')).toBe(1234.5);
    expect(readDecimalValue(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(decimalPlaces(1e-10)).toBe(10);
    expect(decimalPlaces(1.5e21)).toBe(0);
  });

  it('answers the precision and format messages', () => {
    expect(decimalRule.validate(attribute, 1.25, ctx)).toEqual([]);
    expect(decimalRule.validate(attribute, '1.234,567', ctx)).toEqual([
      { message: 'Peso deve conter no máximo 2 casas decimais' },
    ]);
    const threePlaces = { ...attribute, componentConfigs: { precision: 3 } };
    expect(decimalRule.validate(threePlaces, 1.234, ctx)).toEqual([]);
    expect(decimalRule.validate(attribute, 'doze', ctx)).toEqual([{ message: 'Peso deve ser um número' }]);
  });
});
