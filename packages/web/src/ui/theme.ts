import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { t } from '../i18n/pt-BR.ts';
import { filledShade, shadesOf, textShadeOnDark } from './palette.ts';

/** Mantine's dark body colour (dark-7), against which night-mode text is measured. */
const DARK_BODY = '#242424';

export interface AppTheme {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
}

/**
 * Mantine's defaults fail WCAG AA (primary buttons 3.55:1, error text 3.28:1, dimmed text
 * 3.3:1): every colour used for text or under white text is chosen here to pass 4.5:1, in day
 * and night mode, whichever theme colour the user picked.
 */
export function buildTheme(themeColor: string): AppTheme {
  const brand = shadesOf(themeColor);
  const filled = filledShade(brand) as 5 | 6 | 7 | 8 | 9;
  const darkText = textShadeOnDark(brand, DARK_BODY);
  const theme = createTheme({
    primaryColor: 'brand',
    colors: { brand },
    primaryShade: { light: filled, dark: filled },
    // Root font size is 10, 12 or 13 px by level (000 §4); 1.4 makes level 0 read at 14 px.
    scale: 1.4,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", "DejaVu Sans", sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    // Whoever asks their system for less motion gets modals, menus and notices without animation.
    respectReducedMotion: true,
    // Mantine names some of its own controls in English (issue 39 item 10).
    components: {
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t.app.showPassword } } },
      // A loader is a <span>: its label ("Carregando…", "Atualizando…") is read only with a role,
      // and ARIA forbids aria-label on an element without one (axe's aria-prohibited-attr).
      Loader: { defaultProps: { role: 'status' } },
    },
  });
  const cssVariablesResolver: CSSVariablesResolver = () => ({
    variables: {},
    light: {
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
      '--mantine-color-red-text': 'var(--mantine-color-red-9)',
      '--mantine-color-green-text': 'var(--mantine-color-green-9)',
      '--mantine-color-blue-text': 'var(--mantine-color-blue-9)',
    },
    dark: {
      '--mantine-color-error': 'var(--mantine-color-red-4)',
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
      '--mantine-color-anchor': `var(--mantine-color-brand-${darkText})`,
      '--mantine-color-brand-text': `var(--mantine-color-brand-${darkText})`,
      '--mantine-color-red-text': 'var(--mantine-color-red-4)',
    },
  });
  return { theme, cssVariablesResolver };
}
