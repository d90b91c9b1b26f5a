import { getPreferences, updatePreferences } from './preferences-store.ts';

function isFullScreen(): boolean {
  return document.fullscreenElement !== null;
}

function enter(): Promise<void> {
  if (isFullScreen() || typeof document.documentElement.requestFullscreen !== 'function') {
    return Promise.resolve();
  }
  return document.documentElement.requestFullscreen();
}

/** Full screen is the browser's; the preference follows it (Esc leaves full screen, too). */
export function toggleFullScreen(): void {
  const next = !getPreferences().fullScreen;
  updatePreferences({ fullScreen: next });
  if (next) {
    // Browsers refuse outside a user gesture: the preference then goes back to what is true.
    enter().catch(() => updatePreferences({ fullScreen: false }));
  } else if (isFullScreen()) {
    document.exitFullscreen().catch(() => undefined);
  }
}

/**
 * Keeps the stored flag true to the browser and, after a reload (which always leaves full
 * screen), returns to full screen on the user's next click, the first moment a browser allows it.
 */
export function followFullScreen(): () => void {
  const onChange = () => {
    if (!isFullScreen() && getPreferences().fullScreen) updatePreferences({ fullScreen: false });
  };
  const restore = () => {
    if (getPreferences().fullScreen) enter().catch(() => updatePreferences({ fullScreen: false }));
  };
  document.addEventListener('fullscreenchange', onChange);
  if (getPreferences().fullScreen && !isFullScreen()) {
    window.addEventListener('pointerdown', restore, { once: true });
  }
  return () => {
    document.removeEventListener('fullscreenchange', onChange);
    window.removeEventListener('pointerdown', restore);
  };
}
