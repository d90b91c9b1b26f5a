import { describe, expect, it } from 'vitest';
import { booleanLabel, booleanOptions, booleanRule, readBooleanValue } from './boolean.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const yesNo = { name: 'Ativo', componentId: 10, isRequired: false, length: null, componentConfigs: {} };
const toggle = { ...yesNo, componentId: 27 };

describe('yes/no/empty (10) and switch (27)', () => {
  it('shows Sim, Não and the empty option only when not required', () => {
    expect(booleanOptions(yesNo)).toEqual([
      { value: true, label: 'Sim' },
      { value: false, label: 'Não' },
      { value: null, label: '' },
    ]);
    expect(booleanOptions({ ...yesNo, isRequired: true }).map((o) => o.value)).toEqual([true, false]);
    expect(booleanOptions(toggle).map((o) => o.value)).toEqual([true, false]);
    expect(booleanLabel(false)).toBe('Não');
  });

  it('reads the value set', () => {
    expect(readBooleanValue(true)).toBe(true);
    expect(readBooleanValue('S')).toBe(true);
    expect(readBooleanValue('false')).toBe(false);
    expect(readBooleanValue(0)).toBe(false);
    expect(readBooleanValue('')).toBeNull();
    expect(readBooleanValue(undefined)).toBeNull();
    expect(readBooleanValue('talvez')).toBeUndefined();
    expect(readBooleanValue(2)).toBeUndefined();
  });

  it('an empty yes/no is missing, an empty switch is off', () => {
    expect(booleanRule.isEmpty?.(null, yesNo)).toBe(true);
    expect(booleanRule.isEmpty?.(false, yesNo)).toBe(false);
    expect(booleanRule.isEmpty?.(null, toggle)).toBe(false);
  });

  it('refuses what is not a boolean', () => {
    expect(booleanRule.validate(yesNo, 'talvez', ctx)).toEqual([
      { message: 'O valor informado em Ativo é inválido' },
    ]);
    expect(booleanRule.validate(yesNo, true, ctx)).toEqual([]);
  });
});
