import { describe, expect, it } from 'vitest';
import { excerpt, matchParts, termWords } from './matches.ts';

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
