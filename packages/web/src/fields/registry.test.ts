import { describe, expect, it } from 'vitest';
import { basicEditors } from './editors/basic/index.ts';
import { complexEditors } from './editors/complex/index.ts';
import { designerEditors } from './editors/designers/index.ts';
import { COMPLEX_IDS, DESIGNER_IDS, hasEditor } from './registry.ts';

describe('the editor registry', () => {
  it('lists every lazily loaded editor under its component id', () => {
    expect(Object.keys(complexEditors).map(Number).sort()).toEqual([...COMPLEX_IDS].sort());
    expect(Object.keys(designerEditors).map(Number).sort()).toEqual([...DESIGNER_IDS].sort());
    for (const id of [...Object.keys(basicEditors), ...COMPLEX_IDS, ...DESIGNER_IDS])
      expect(hasEditor(Number(id)), String(id)).toBe(true);
  });
});
