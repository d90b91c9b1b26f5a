import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearNotices } from '../features/notices/notices-store.ts';
import { resetPreferencesCache } from '../features/preferences/preferences-store.ts';
import { resetSessionCache } from '../features/session/session-store.ts';
import { resetTabsCache } from '../features/tabs/tabs-store.ts';
import { useSavedFilters } from '../features/filters/useSavedFilters.ts';
import { registerSavedFilterSource } from '../fields/editor-sources.ts';
import { fillRecordSlots } from '../app/record-slots.ts';
import { loadFormRules } from '../features/records/slots.ts';

// What the app wires (app/Shell.tsx, app/record-slots.ts), for the components a test renders alone.
registerSavedFilterSource(useSavedFilters);
fillRecordSlots();
await loadFormRules();

// findBy*/waitFor wait for a condition up to 5 s instead of 1: with a worker per core, a heavy
// screen's first render can take more than a second on CI's two cores. Conditions are awaited,
// never slept on, so a passing test is no slower.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the browser APIs Mantine measures layout with.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: NoopResizeObserver, writable: true });
}

// Autosizing text areas follow font loading, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

// Mantine's comboboxes scroll the highlighted option into view; jsdom has no layout.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The stores keep what they read in memory, as they do in a browser tab: each test starts anew.
  resetSessionCache();
  resetPreferencesCache();
  resetTabsCache();
  clearNotices();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
