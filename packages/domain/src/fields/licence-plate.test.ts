import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPlate, isValidPlate, licencePlateRule } from './licence-plate.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const attribute = { name: 'Placa', componentId: 31, isRequired: false, length: null, componentConfigs: {} };

describe('licence plate (31)', () => {
  it('masks old and Mercosul plates to SSS-#X##, upper case', () => {
    expect(formatPlate('abc1234')).toBe('ABC-1234');
    expect(formatPlate('abc1c34')).toBe('ABC-1C34');
    expect(formatPlate('ABC-1C34')).toBe('ABC-1C34');
    expect(formatPlate('ab')).toBe('AB');
    expect(formatPlate('1abc')).toBe('ABC');
    expect(formatPlate('abcd1c34')).toBe('ABC-1C34');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = formatPlate(text);
        expect(formatPlate(once)).toBe(once);
      }),
    );
  });

  it('validates both plate forms', () => {
    for (const plate of ['ABC-1234', 'ABC1234', 'ABC-1C34', 'abc1c34'])
      expect(isValidPlate(plate)).toBe(true);
    for (const plate of ['AB-1234', 'ABC-12345', 'ABC-A234', 'ABC-12C4', '1BC-1234']) {
      expect(isValidPlate(plate)).toBe(false);
    }
    expect(licencePlateRule.validate(attribute, 'ABC-1C34', ctx)).toEqual([]);
    expect(licencePlateRule.validate(attribute, 'ABC-12C4', ctx)).toEqual([
      { message: 'A placa informada em Placa é inválida' },
    ]);
  });
});
