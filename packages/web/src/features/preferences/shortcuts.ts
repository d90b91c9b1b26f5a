import { t } from '../../i18n/pt-BR.ts';
import { toggleFullScreen } from './full-screen.ts';
import { toggleMenu, toggleNightMode } from './preferences-store.ts';

export interface Shortcut {
  /** KeyboardEvent.code, so that the shortcut works whatever the keyboard layout types with Alt. */
  code: string;
  keys: string;
  label: string;
  run: () => void;
}

/** The keyboard shortcuts of 000 §1; the themes screen lists them from here. */
export const shortcuts: readonly Shortcut[] = [
  { code: 'KeyG', keys: 'Alt+G', label: t.shortcuts.nightMode, run: toggleNightMode },
  { code: 'KeyH', keys: 'Alt+H', label: t.shortcuts.fullScreen, run: toggleFullScreen },
  { code: 'KeyJ', keys: 'Alt+J', label: t.shortcuts.menu, run: toggleMenu },
];

export function shortcutFor(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>) {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  return shortcuts.find((s) => s.code === event.code);
}
