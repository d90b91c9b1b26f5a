/** The default theme and the shape of a theme colour; apart from the palettes so the first screen stays light. */
export const DEFAULT_THEME = '#1976d2';

export const HEX_COLOR = /^#[0-9a-f]{6}$/;
