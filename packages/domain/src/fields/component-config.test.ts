import { describe, expect, it } from 'vitest';
import { configCount, configFlag, configNumber, configStringList, configValue } from './component-config.ts';

describe('component config readers', () => {
  it('match keys case-insensitively in a record or a list of {configIdentifier, value}', () => {
    expect(configValue({ MinChars: 3 }, 'minChars')).toBe(3);
    expect(configValue([{ configIdentifier: 'minChars', value: '4' }], 'minchars')).toBe('4');
    expect(configValue(null, 'x')).toBeUndefined();
    expect(configValue('texto', 'length')).toBeUndefined();
  });

  it('read flags leniently', () => {
    for (const v of [true, 'true', 'S', 'sim', 1, '1']) expect(configFlag({ f: v }, 'f')).toBe(true);
    for (const v of [false, 'false', 'N', 0, 2, null, {}]) expect(configFlag({ f: v }, 'f')).toBe(false);
  });

  it('read numbers, counts and lists', () => {
    expect(configNumber({ n: ' 2,5 ' }, 'n')).toBe(2.5);
    expect(configNumber({ n: '' }, 'n')).toBeUndefined();
    expect(configNumber({ n: Number.POSITIVE_INFINITY }, 'n')).toBeUndefined();
    expect(configCount({ n: '3.9' }, 'n', 1)).toBe(3);
    expect(configCount({ n: 0 }, 'n', 1)).toBeUndefined();
    expect(configStringList({ l: 'a; b,,c\nd' }, 'l')).toEqual(['a', 'b', 'c', 'd']);
    expect(configStringList({ l: ['a', 1, ' ', 'b'] }, 'l')).toEqual(['a', 'b']);
    expect(configStringList({ l: 5 }, 'l')).toEqual([]);
  });
});
