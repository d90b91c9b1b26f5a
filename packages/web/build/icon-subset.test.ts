import { describe, expect, it } from 'vitest';
import { scanIconWords } from './icon-subset.ts';

// The subsetting itself is checked by every build: the plugin shapes each icon name with the
// subset font and fails when one is not drawn as a single glyph (build/icon-subset.ts).

describe('the Material Symbols subset', () => {
  it('finds the string literals of the sources that may be icon names', () => {
    const words = scanIconWords([
      `<Icon name="search" />; const icon = open ? 'expand_less' : "expand_more"; label('Olá mundo')`,
      'const ACTION_ICONS = { create: `add_circle` };',
    ]);
    // Unquoted keys and words with other letters are not candidates; the font decides the rest.
    expect(words).toEqual(['add_circle', 'expand_less', 'expand_more', 'search']);
  });
});
