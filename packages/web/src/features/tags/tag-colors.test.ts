import { describe, expect, it } from 'vitest';
import { contrast } from '../../ui/palette.ts';
import { tagBackground, tagTextColor } from './tag-colors.ts';

describe('tag chip colours', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(tagTextColor('#000000')).toBe('#ffffff');
    expect(tagTextColor('#c92a2a')).toBe('#ffffff');
    expect(tagTextColor('#1864ab')).toBe('#ffffff');
    expect(tagTextColor('#ffffff')).toBe('#000000');
    expect(tagTextColor('#ffd43b')).toBe('#000000');
    expect(tagTextColor('#40c057')).toBe('#000000');
  });

  it('always reaches at least 4.5:1 on the 4096 colours of 3 hex digits', () => {
    const digits = '0123456789abcdef';
    let worst = Infinity;
    for (const r of digits)
      for (const g of digits)
        for (const b of digits) {
          const bg = `#${r}${r}${g}${g}${b}${b}`;
          worst = Math.min(worst, contrast(bg, tagTextColor(bg)));
        }
    // Black or white: the better of the two is never below about 4.58 (mid grey, #777 family).
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });

  it('shows a malformed colour as the default black', () => {
    expect(tagBackground('red')).toBe('#000000');
    expect(tagBackground(null)).toBe('#000000');
    expect(tagTextColor('nonsense')).toBe('#ffffff');
    expect(tagBackground('#C92A2A')).toBe('#C92A2A');
  });
});
