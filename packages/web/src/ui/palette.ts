/** Colour arithmetic for a theme that keeps WCAG AA contrast whatever colour the user picks. */
type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount];
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type Shades = [string, string, string, string, string, string, string, string, string, string];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Ten shades, lightest first, with the base colour in the middle (index 5), as Mantine expects. */
export function shadesOf(baseHex: string): Shades {
  const base = hexToRgb(baseHex);
  const toWhite = [0.92, 0.8, 0.64, 0.46, 0.24];
  const toBlack = [0.14, 0.28, 0.42, 0.56];
  return [
    ...toWhite.map((amount) => rgbToHex(mix(base, WHITE, amount))),
    rgbToHex(base),
    ...toBlack.map((amount) => rgbToHex(mix(base, BLACK, amount))),
  ] as Shades;
}

export const AA = 4.5;

/** The lightest shade from 5 on that white text can sit on (buttons) and that reads on white (links). */
export function filledShade(shades: Shades, background = '#ffffff'): number {
  for (let i = 5; i < shades.length; i++) {
    if (contrast(shades[i] ?? '#000000', background) >= AA) return i;
  }
  return 9;
}

/** The darkest light shade (4 down to 0) that reads as text on a dark background. */
export function textShadeOnDark(shades: Shades, background: string): number {
  for (let i = 4; i >= 0; i--) {
    if (contrast(shades[i] ?? '#ffffff', background) >= AA) return i;
  }
  return 0;
}
