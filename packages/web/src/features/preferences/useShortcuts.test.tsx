import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getPreferences } from './preferences-store.ts';
import { useShortcuts } from './useShortcuts.ts';

function ShortcutHost() {
  useShortcuts();
  return null;
}

const press = (code: string, altKey = true) =>
  window.dispatchEvent(new KeyboardEvent('keydown', { code, altKey, bubbles: true }));

describe('keyboard shortcuts (000 §1)', () => {
  it('toggles night mode with Alt+G and the menu with Alt+J, and nothing without Alt', () => {
    render(<ShortcutHost />);
    const before = getPreferences();
    press('KeyG');
    expect(getPreferences().nightMode).toBe(!before.nightMode);
    press('KeyJ');
    expect(getPreferences().menuOpen).toBe(!before.menuOpen);
    press('KeyG', false);
    expect(getPreferences().nightMode).toBe(!before.nightMode);
  });
});
