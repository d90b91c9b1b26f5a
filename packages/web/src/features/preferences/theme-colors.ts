/**
 * Theme colours offered on the themes screen: the Material Design hues (001 §2.14). Any of them
 * stays readable: the theme derives a shade dark enough for white text (see app/palette.ts).
 */
export const THEME_COLORS = [
  { name: 'Azul', hex: '#1976d2' },
  { name: 'Índigo', hex: '#3f51b5' },
  { name: 'Azul claro', hex: '#03a9f4' },
  { name: 'Ciano', hex: '#00bcd4' },
  { name: 'Verde-azulado', hex: '#009688' },
  { name: 'Verde', hex: '#4caf50' },
  { name: 'Verde claro', hex: '#8bc34a' },
  { name: 'Lima', hex: '#cddc39' },
  { name: 'Amarelo', hex: '#ffeb3b' },
  { name: 'Âmbar', hex: '#ffc107' },
  { name: 'Laranja', hex: '#ff9800' },
  { name: 'Laranja escuro', hex: '#ff5722' },
  { name: 'Vermelho', hex: '#f44336' },
  { name: 'Rosa', hex: '#e91e63' },
  { name: 'Roxo', hex: '#9c27b0' },
  { name: 'Roxo escuro', hex: '#673ab7' },
  { name: 'Marrom', hex: '#795548' },
  { name: 'Cinza-azulado', hex: '#607d8b' },
] as const;

export const DEFAULT_THEME_COLOR = '#1976d2';

export function isThemeColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}
