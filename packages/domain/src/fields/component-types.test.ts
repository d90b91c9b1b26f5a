import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES, componentGroup, componentType, resolveComponentId } from './component-types.ts';

describe('component types', () => {
  it('has every id of spec 002 §3 once', () => {
    const ids = COMPONENT_TYPES.map((t) => t.id);
    expect(ids).toEqual([
      1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
      32, 33, 34,
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the spec's groups", () => {
    const inGroup = (group: string) => COMPONENT_TYPES.filter((t) => t.group === group).map((t) => t.id);
    expect(inGroup('text-like')).toEqual([1, 2, 3, 6, 15, 16, 18, 19, 20, 26, 30]);
    expect(inGroup('select')).toEqual([4, 14]);
    expect(inGroup('boolean')).toEqual([10, 27]);
    expect(inGroup('date-time')).toEqual([11, 28]);
    expect(inGroup('file')).toEqual([22, 34]);
  });

  it("resolves numbers, numeric text and 'Identificacao'", () => {
    expect(resolveComponentId(4)).toBe(4);
    expect(resolveComponentId(' 31 ')).toBe(31);
    expect(resolveComponentId('Identificacao')).toBe(2);
    expect(resolveComponentId('identificacao')).toBe(2);
    expect(resolveComponentId(7)).toBeUndefined();
    expect(resolveComponentId('4.0')).toBeUndefined();
    expect(resolveComponentId(null)).toBeUndefined();
    expect(componentType('Identificacao')?.name).toBe('cnpj-cpf');
    expect(componentGroup(32)).toBe('date');
  });
});
