import { contrast } from '../../ui/palette.ts';

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK = '#000000';

/** A tag's colour as a CSS hex; anything malformed shows as the default black. */
export function tagBackground(color: string | null | undefined): string {
  return color && HEX.test(color) ? color : FALLBACK;
}

/** Black or white, whichever reads better on the tag's colour (WCAG contrast ratio). */
export function tagTextColor(color: string | null | undefined): '#000000' | '#ffffff' {
  const bg = tagBackground(color);
  return contrast(bg, '#000000') >= contrast(bg, '#ffffff') ? '#000000' : '#ffffff';
}
