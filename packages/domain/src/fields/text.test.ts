import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, DEFAULT_TEXT_MAX_LENGTH, textMaxLength, textRule } from './text.ts';

const ctx = { now: new Date('2026-07-15T12:00:00Z') };
const base = { name: 'Descrição', componentId: 1, isRequired: true, length: null, componentConfigs: {} };
const errors = (value: unknown, changes: object = {}) =>
  textRule.validate({ ...base, ...changes }, value, ctx).map((e) => e.message);

describe('text (1, 26)', () => {
  it('defaults the maximum length to 800', () => {
    expect(DEFAULT_TEXT_MAX_LENGTH).toBe(800);
    expect(textMaxLength(base)).toBe(800);
    expect(errors('a'.repeat(800))).toEqual([]);
    expect(errors('a'.repeat(801))).toEqual(['Descrição deve conter no máximo 800 caracteres']);
  });

  it("uses the attribute's length", () => {
    expect(errors('abcdef', { length: 5 })).toEqual(['Descrição deve conter no máximo 5 caracteres']);
    expect(errors('abcde', { length: 5 })).toEqual([]);
    expect(textMaxLength({ ...base, length: -3 })).toBe(800);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(countCharacters('😀😀')).toBe(2);
    expect(errors('😀😀😀', { length: 3 })).toEqual([]);
  });

  it('minChars: the spec message, surrounding spaces not counted', () => {
    const configs = { minChars: 10 };
    expect(errors('curto', { componentConfigs: configs })).toEqual([
      'Descrição deve conter pelo menos 10 caracteres',
    ]);
    expect(errors('   curto   ', { componentConfigs: configs })).toEqual([
      'Descrição deve conter pelo menos 10 caracteres',
    ]);
    expect(errors('suficiente', { componentConfigs: configs })).toEqual([]);
  });

  it('minWords: the spec message', () => {
    const configs = { minWords: '3' };
    expect(errors('duas palavras', { componentConfigs: configs })).toEqual([
      'Descrição deve conter pelo menos 3 palavras',
    ]);
    expect(errors(' agora  são\ttrês ', { componentConfigs: configs })).toEqual([]);
    expect(countWords('   ')).toBe(0);
  });

  it('both minimums and the maximum can fail together', () => {
    expect(errors('ab', { length: 1, componentConfigs: { minChars: 5, minWords: 2 } })).toEqual([
      'Descrição deve conter no máximo 1 caracteres',
      'Descrição deve conter pelo menos 5 caracteres',
      'Descrição deve conter pelo menos 2 palavras',
    ]);
  });

  it('reads numbers as text and refuses other values', () => {
    expect(errors(12345, { componentConfigs: { minChars: 5 } })).toEqual([]);
    expect(errors({ text: 'x' })).toEqual(['O valor informado em Descrição é inválido']);
  });

  it('ignores unusable minimums', () => {
    expect(errors('a', { componentConfigs: { minChars: 0, minWords: 'x' } })).toEqual([]);
  });
});
