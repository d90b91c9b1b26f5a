import { getSession, subscribeSession } from '../session/session-store.ts';
import { fetchAccountPreferences, saveAccountPreferences } from './preferences-api.ts';
import {
  getPreferences,
  subscribePreferences,
  updatePreferences,
  type Preferences,
} from './preferences-store.ts';

/** Changes in a row (a swatch after another, alt+g pressed twice) are saved once, this long after the last. */
export const SAVE_DEBOUNCE_MS = 800;

/**
 * Set while this browser holds a choice the server has not confirmed (a change still waiting for
 * its debounced save when the page was reloaded or closed): at the next load this browser's
 * choice is sent, instead of being overwritten by the older one the server has.
 */
export const UNSYNCED_KEY = 'talkbase.preferences.unsynced';
const markUnsynced = (on: boolean) => {
  if (on) window.localStorage.setItem(UNSYNCED_KEY, '1');
  else window.localStorage.removeItem(UNSYNCED_KEY);
};

/**
 * This browser's id and the number of its last save (one key, so both are kept or lost together):
 * each save carries them, and the server keeps a later-numbered save of this browser over an
 * earlier one that arrives after it — a save in flight when the closing page sends its last choice.
 */
export const SAVER_KEY = 'talkbase.preferences.saver';
const MAX_SEQUENCE = 2_147_483_647;
const BROWSER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function newBrowserId(): string {
  // getRandomValues works outside secure contexts too (an instance reached over plain HTTP).
  const bytes = window.crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The id and number for the next save, kept for the next one; any other tab of this browser shares them. */
export function nextSaveOrder(): { browser: string; sequence: number } {
  let browser = '';
  let sequence = 0;
  try {
    const kept = JSON.parse(window.localStorage.getItem(SAVER_KEY) ?? 'null') as unknown;
    if (kept && typeof kept === 'object') {
      const { browser: b, sequence: n } = kept as { browser?: unknown; sequence?: unknown };
      if (typeof b === 'string' && BROWSER_ID.test(b) && Number.isInteger(n)) {
        browser = b;
        sequence = n as number;
      }
    }
  } catch {
    // Unreadable: start again as a new browser.
  }
  // A new browser, or one that used up its numbers: a new id, so no number of the old one wins over it.
  if (!browser || sequence < 0 || sequence >= MAX_SEQUENCE) {
    browser = newBrowserId();
    sequence = 0;
  }
  const next = { browser, sequence: sequence + 1 };
  window.localStorage.setItem(SAVER_KEY, JSON.stringify(next));
  return next;
}

type Synced = Pick<Preferences, 'themeColor' | 'nightMode' | 'fontSize'>;
const pick = (p: Preferences): Synced => ({
  themeColor: p.themeColor,
  nightMode: p.nightMode,
  fontSize: p.fontSize,
});
const same = (a: Synced, b: Synced | undefined) =>
  b !== undefined &&
  a.themeColor === b.themeColor &&
  a.nightMode === b.nightMode &&
  a.fontSize === b.fontSize;

/**
 * Keeps the account's theme, dark mode and font size on the server (001 §2.14): after sign-in the
 * server's choice replaces the browser's (local storage still paints the first screen), and every
 * later change is saved, debounced. Returns the function that stops following.
 */
export function followAccountPreferences(): () => void {
  let accountId: number | undefined;
  // The last choice handed to the server (in flight or confirmed); undefined when unknown (a failed
  // save, or this browser's choice must be sent).
  let sent: Synced | undefined = pick(getPreferences());
  // The last choice the server confirmed.
  let confirmed: Synced | undefined = sent;
  let inFlight: Promise<unknown> | undefined;
  // A change made while a save was in flight: saved when that one ends, so two saves of this browser
  // never race each other to the server (the older could arrive last and win).
  let queued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading: AbortController | undefined;
  // Changes made in this browser since it followed the account: an answer read before one of them
  // is older than this browser's choice, even once that choice is saved and no longer unsynced.
  let changes = 0;

  const send = (next: Synced, options: { keepalive?: boolean }) => {
    sent = next;
    // A failed save keeps the choice in this browser; the next change or load tries again.
    const request = saveAccountPreferences(
      { theme: next.themeColor, darkMode: next.nightMode, fontSize: next.fontSize, ...nextSaveOrder() },
      options,
    ).then(
      (held) => {
        // What the account holds now: this choice, or a newer one of this browser that arrived first.
        confirmed = { themeColor: held.theme, nightMode: held.darkMode, fontSize: held.fontSize };
        if (same(pick(getPreferences()), confirmed)) markUnsynced(false);
      },
      () => {
        sent = undefined;
        confirmed = undefined;
      },
    );
    inFlight = request;
    void request.finally(() => {
      if (inFlight !== request) return;
      inFlight = undefined;
      if (queued) {
        queued = false;
        save();
      }
    });
  };

  const save = (options: { keepalive?: boolean } = {}) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!getSession()) return;
    const next = pick(getPreferences());
    if (options.keepalive) {
      // The page is going away: whatever the server has not confirmed is sent now, delivered even
      // as the page unloads (a save still in flight without keepalive would be cancelled with it).
      if (!same(next, confirmed)) send(next, options);
      return;
    }
    if (same(next, sent)) return;
    if (inFlight) {
      queued = true;
      return;
    }
    send(next, options);
  };

  const load = (id: number) => {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    const changesBefore = changes;
    fetchAccountPreferences(controller.signal)
      .then((remote) => {
        if (controller.signal.aborted || accountId !== id) return;
        if (!remote.saved || changes !== changesBefore || window.localStorage.getItem(UNSYNCED_KEY)) {
          // Nothing saved yet, a change made here while the answer was on its way, or one the
          // server never got (the page left before saving it): this browser's choice wins.
          sent = undefined;
          save();
          return;
        }
        const theirs = { themeColor: remote.theme, nightMode: remote.darkMode, fontSize: remote.fontSize };
        sent = theirs;
        confirmed = theirs;
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        updatePreferences(theirs);
      })
      .catch(() => undefined);
  };

  const onSession = () => {
    const id = getSession()?.user.accountId;
    if (id === accountId) return;
    accountId = id;
    if (id !== undefined) load(id);
    else loading?.abort();
  };

  const onPreferences = () => {
    if (!getSession() || same(pick(getPreferences()), sent)) return;
    changes++;
    markUnsynced(true);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      save();
    }, SAVE_DEBOUNCE_MS);
  };

  // A change still waiting for its debounced save, or saved but not yet confirmed, when the page
  // goes away (the tab closed, the browser quit) is sent at once, and delivered even as the page
  // unloads: the account's other browsers find it, not the choice before it.
  const flush = () => {
    save({ keepalive: true });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };

  const stopSession = subscribeSession(onSession);
  const stopPreferences = subscribePreferences(onPreferences);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  onSession();
  return () => {
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
    stopSession();
    stopPreferences();
    loading?.abort();
    if (timer !== undefined) clearTimeout(timer);
  };
}
