import {
  DEFAULT_THEME,
  MATERIAL_COLORS,
  PRODUCT_COLORS,
  type PaletteColor,
} from '@talkbase/domain/themes/palettes';

/**
 * The fixed palettes of the themes screen (001 §2.14): the product's colours and the first 51
 * Material colours; the customer's come from the server. Any of them stays readable: the theme
 * derives a shade dark enough for white text (see ui/palette.ts).
 */
export const THEME_COLORS: readonly PaletteColor[] = [...PRODUCT_COLORS, ...MATERIAL_COLORS];

export { MATERIAL_COLORS, PRODUCT_COLORS };

export const DEFAULT_THEME_COLOR = DEFAULT_THEME;

export function isThemeColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}
