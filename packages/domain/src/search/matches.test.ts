import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { excerpt, folded, matchParts, termWords } from './matches.ts';

describe('search matches', () => {
  it('marks word starts without case or accents, as the index matches them', () => {
    const words = termWords('ULTIMA atualizacao');
    expect(words).toEqual(['ultima', 'atualizacao']);
    expect(matchParts('Desde a última atualização, nada.', words)).toEqual([
      { text: 'Desde a ', match: false },
      { text: 'última', match: true },
      { text: ' ', match: false },
      { text: 'atualização', match: true },
      { text: ', nada.', match: false },
    ]);
    // A prefix marks the start of the word only; a word's middle is not a match.
    expect(matchParts('Impressora e Reimpressão', ['impress'])).toEqual([
      { text: 'Impress', match: true },
      { text: 'ora e Reimpressão', match: false },
    ]);
  });

  it('cuts a long value around its first match', () => {
    const value = `${'palavra '.repeat(100)}alvo ${'fim '.repeat(100)}`;
    const cut = excerpt(value, ['alvo'], 120);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('alvo');
    expect(cut.length).toBeLessThanOrEqual(122);
    expect(excerpt('curto', ['x'])).toBe('curto');
  });
});

describe('folding a value for matching', () => {
  // The definition: each character without accents and in lower case, as the index folds text.
  const reference = (value: string) => {
    let text = '';
    const from: number[] = [];
    let i = 0;
    for (const c of value) {
      const f = c
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      for (let k = 0; k < f.length; k++) from.push(i);
      text += f;
      i += c.length;
    }
    return { text, from };
  };

  it('folds ASCII, accented, combining and astral text as each character folds alone', () => {
    const chars = ['a', 'Z', ' ', '-', '9', 'É', 'ç', 'Ã', 'ß', 'İ', 'ﬁ', 'e\u0301', '😀', 'Ω', '\u0000'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), fc.string(), (parts, any) => {
        for (const value of [parts.join(''), any, any.toUpperCase()]) {
          const want = reference(value);
          const got = folded(value);
          expect(got.text).toBe(want.text);
          for (let at = 0; at < want.text.length; at++) expect(got.from(at)).toBe(want.from[at]);
        }
      }),
    );
  });

  it('marks the source range of a match in accented and astral text', () => {
    expect(matchParts('😀 Ação', ['acao'])).toEqual([
      { text: '😀 ', match: false },
      { text: 'Ação', match: true },
    ]);
    expect(matchParts('ÉPOCA época', ['epo'])).toEqual([
      { text: 'ÉPO', match: true },
      { text: 'CA ', match: false },
      { text: 'épo', match: true },
      { text: 'ca', match: false },
    ]);
  });
});
