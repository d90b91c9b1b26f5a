import { describe, expect, it } from 'vitest';
import { MATERIAL_COLORS, PRODUCT_COLORS } from '@talkbase/domain/themes/palettes';
import { AA, contrast, filledShade, shadesOf, textShadeOnDark } from './palette.ts';

/** The themes screen's colours (features/preferences/theme-colors.ts). */
const THEME_COLORS = [...PRODUCT_COLORS, ...MATERIAL_COLORS];

describe('theme colours stay readable (WCAG AA)', () => {
  it.each(THEME_COLORS.map((c) => [c.name, c.hex]))('%s', (_name, hex) => {
    const shades = shadesOf(hex);
    expect(contrast(shades[filledShade(shades)] ?? '', '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(shades[textShadeOnDark(shades, '#242424')] ?? '', '#242424')).toBeGreaterThanOrEqual(AA);
  });

  // The customer's palette is any colour an administrator gave an access profile: the extremes too.
  it.each(['#ffffff', '#000000', '#ffff00', '#00ffff', '#808080'])('customer colour %s', (hex) => {
    const shades = shadesOf(hex);
    expect(contrast(shades[filledShade(shades)] ?? '', '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(shades[textShadeOnDark(shades, '#242424')] ?? '', '#242424')).toBeGreaterThanOrEqual(AA);
  });

  it("measures contrast as WCAG does (Mantine's default blue button fails)", () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#228be6', '#ffffff')).toBeLessThan(AA);
  });
});
