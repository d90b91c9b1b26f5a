import { beforeEach, describe, expect, it } from 'vitest';
import {
  decreaseFontSize,
  getPreferences,
  increaseFontSize,
  resetPreferencesCache,
} from './preferences-store.ts';

describe('preferences (000 §1, §4)', () => {
  beforeEach(() => {
    resetPreferencesCache();
  });

  it('moves the font size between levels 0 and 2 only, and remembers it', () => {
    decreaseFontSize();
    expect(getPreferences().fontSize).toBe(0);
    for (let i = 0; i < 5; i++) increaseFontSize();
    expect(getPreferences().fontSize).toBe(2);
    resetPreferencesCache();
    expect(getPreferences().fontSize).toBe(2);
  });

  it('ignores a stored level outside the bounds', () => {
    window.localStorage.setItem('talkbase.preferences', JSON.stringify({ fontSize: 9, nightMode: 'yes' }));
    expect(getPreferences()).toMatchObject({ fontSize: 2, nightMode: false });
  });
});
