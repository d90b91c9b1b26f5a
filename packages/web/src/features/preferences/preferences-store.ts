import { DEFAULT_THEME as DEFAULT_THEME_COLOR } from '@talkbase/domain/themes/theme-default';

const isThemeColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** Root font sizes of levels 0, 1 and 2 (000 §4, §9). */
export const FONT_SIZES_PX = [10, 12, 13] as const;
export type FontSizeLevel = 0 | 1 | 2;

export interface Preferences {
  nightMode: boolean;
  fullScreen: boolean;
  menuOpen: boolean;
  themeColor: string;
  fontSize: FontSizeLevel;
}

const KEY = 'talkbase.preferences';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Preferences | undefined;

function defaults(): Preferences {
  // Not every environment has matchMedia (jsdom); without it, day mode.
  const prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return {
    nightMode: prefersDark,
    fullScreen: false,
    // On a phone the open menu would cover the page: it starts closed there.
    menuOpen: window.innerWidth >= 768,
    themeColor: DEFAULT_THEME_COLOR,
    fontSize: 0,
  };
}

export function clampFontSize(level: number): FontSizeLevel {
  if (level <= 0 || Number.isNaN(level)) return 0;
  if (level >= 2) return 2;
  return 1;
}

/** Whatever was stored is checked field by field: a damaged value falls back to its default. */
function load(): Preferences {
  const base = defaults();
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: defaults.
  }
  const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    nightMode: bool(stored.nightMode, base.nightMode),
    fullScreen: bool(stored.fullScreen, base.fullScreen),
    menuOpen: bool(stored.menuOpen, base.menuOpen),
    themeColor: isThemeColor(stored.themeColor) ? stored.themeColor : base.themeColor,
    fontSize: typeof stored.fontSize === 'number' ? clampFontSize(stored.fontSize) : base.fontSize,
  };
}

export function getPreferences(): Preferences {
  current ??= load();
  return current;
}

export function subscribePreferences(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updatePreferences(change: Partial<Preferences>): void {
  const next = { ...getPreferences(), ...change };
  next.fontSize = clampFontSize(next.fontSize);
  current = next;
  window.localStorage.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const toggleNightMode = () => updatePreferences({ nightMode: !getPreferences().nightMode });
export const toggleMenu = () => updatePreferences({ menuOpen: !getPreferences().menuOpen });
export const increaseFontSize = () =>
  updatePreferences({ fontSize: clampFontSize(getPreferences().fontSize + 1) });
export const decreaseFontSize = () =>
  updatePreferences({ fontSize: clampFontSize(getPreferences().fontSize - 1) });

/** For tests: read the stores again on next access. */
export function resetPreferencesCache(): void {
  current = undefined;
}
