import { DEFAULT_THEME, HEX_COLOR } from './theme-default.ts';

export { DEFAULT_THEME, HEX_COLOR };

/**
 * Theme palettes of the themes screen (spec 001 §2.14): the product's colours, the customer's (the
 * colours the company gave its access profiles) and the default palette, the first 51 Material
 * Design colours. A theme is one colour (`#rrggbb`, lower case) of one of them.
 */

export interface PaletteColor {
  name: string;
  hex: string;
}

/** Talkbase's own colours. The first is the default theme. */
export const PRODUCT_COLORS: readonly PaletteColor[] = [
  { name: 'Talkbase azul', hex: '#1976d2' },
  { name: 'Talkbase petróleo', hex: '#00695c' },
  { name: 'Talkbase grafite', hex: '#37474f' },
  { name: 'Talkbase vinho', hex: '#8e244d' },
];

const HUES: readonly (readonly [string, readonly [string, string, string]])[] = [
  ['Vermelho', ['#e57373', '#f44336', '#d32f2f']],
  ['Rosa', ['#f06292', '#e91e63', '#c2185b']],
  ['Roxo', ['#ba68c8', '#9c27b0', '#7b1fa2']],
  ['Roxo escuro', ['#9575cd', '#673ab7', '#512da8']],
  ['Índigo', ['#7986cb', '#3f51b5', '#303f9f']],
  ['Azul', ['#64b5f6', '#2196f3', '#1976d2']],
  ['Azul claro', ['#4fc3f7', '#03a9f4', '#0288d1']],
  ['Ciano', ['#4dd0e1', '#00bcd4', '#0097a7']],
  ['Verde-azulado', ['#4db6ac', '#009688', '#00796b']],
  ['Verde', ['#81c784', '#4caf50', '#388e3c']],
  ['Verde claro', ['#aed581', '#8bc34a', '#689f38']],
  ['Lima', ['#dce775', '#cddc39', '#afb42b']],
  ['Amarelo', ['#fff176', '#ffeb3b', '#fbc02d']],
  ['Âmbar', ['#ffd54f', '#ffc107', '#ffa000']],
  ['Laranja', ['#ffb74d', '#ff9800', '#f57c00']],
  ['Laranja escuro', ['#ff8a65', '#ff5722', '#e64a19']],
  ['Marrom', ['#a1887f', '#795548', '#5d4037']],
  ['Cinza', ['#e0e0e0', '#9e9e9e', '#616161']],
  ['Cinza-azulado', ['#90a4ae', '#607d8b', '#455a64']],
];

const SHADES = ['300', '500', '700'] as const;

/** Every Material hue in its canonical order, shades 300, 500 and 700 of each: the first 51 are offered. */
export const MATERIAL_COLORS: readonly PaletteColor[] = HUES.flatMap(([name, hexes]) =>
  hexes.map((hex, i) => ({ name: `${name} ${SHADES[i] ?? ''}`, hex })),
).slice(0, 51);

export function normalizeHex(value: string): string {
  return value.trim().toLowerCase();
}

/** The customer's palette: its valid colours, once each, in the order given. */
export function customerPalette(colors: readonly (string | null)[]): PaletteColor[] {
  const seen = new Set<string>();
  const out: PaletteColor[] = [];
  for (const raw of colors) {
    if (!raw) continue;
    const hex = normalizeHex(raw);
    if (!HEX_COLOR.test(hex) || seen.has(hex)) continue;
    seen.add(hex);
    out.push({ name: hex, hex });
  }
  return out;
}

/** Whether a theme is one the screen offers: product, material, or the customer's own. */
export function isOfferedTheme(theme: string, customer: readonly PaletteColor[] = []): boolean {
  const hex = normalizeHex(theme);
  return [PRODUCT_COLORS, MATERIAL_COLORS, customer].some((p) => p.some((c) => c.hex === hex));
}
