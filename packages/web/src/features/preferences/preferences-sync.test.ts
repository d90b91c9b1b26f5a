import type { AccountPreferences } from '@talkbase/domain/contracts/preferences';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../session/session-store.ts';
import { getPreferences, resetPreferencesCache, updatePreferences } from './preferences-store.ts';
import { followAccountPreferences, SAVE_DEBOUNCE_MS, UNSYNCED_KEY } from './preferences-sync.ts';

const signIn = (accountId = 7) =>
  startSession({
    token: `tok-${accountId}`,
    user: {
      accountId,
      name: 'Ana Souza',
      email: 'ana@talkbase.test',
      phoneNumber: null,
      image: null,
      roomId: 1196,
      customer: false,
      isAdmin: false,
      keepConnected: false,
    },
  });

/**
 * The server's preferences of the account; PUT replaces them. Every call is recorded. With
 * `getHeldUntil`, a GET reads the preferences at once but answers only when that promise settles.
 */
function fakeServer(
  initial: Partial<AccountPreferences>,
  getHeldUntil?: Promise<void>,
  putHeldUntil?: Promise<void>,
) {
  let stored: AccountPreferences = {
    theme: '#1976d2',
    darkMode: false,
    fontSize: 0,
    saved: false,
    customerColors: [],
    ...initial,
  };
  const calls: { method: string; body?: unknown; keepalive?: boolean }[] = [];
  // The browser id and number each PUT carried, apart from the choice it saves.
  const orders: { browser?: string; sequence?: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const sent =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      const { browser, sequence, ...body } = sent ?? {};
      calls.push({ method, ...(sent ? { body } : {}), ...(init?.keepalive ? { keepalive: true } : {}) });
      if (method === 'PUT') {
        orders.push({ browser: browser as string, sequence: sequence as number });
        stored = { ...stored, ...body, saved: true };
      }
      const answer = new Response(JSON.stringify(stored), { status: 200 });
      const held = method === 'GET' ? getHeldUntil : putHeldUntil;
      return held ? held.then(() => answer) : Promise.resolve(answer);
    }),
  );
  return Object.assign(calls, { orders });
}

let stop: (() => void) | undefined;

// The save's debounce runs on a fake clock the tests move on (`pass`), so waiting it out costs no
// real time; `vi.waitFor` polls on the real clock for what the fake fetch answers.
const waitFor = vi.waitFor;
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  window.localStorage.clear();
  resetPreferencesCache();
});
afterEach(() => {
  stop?.();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('account preferences follow the user across browsers (001 §2.14)', () => {
  it("after sign-in, the account's saved theme, dark mode and font size replace this browser's", async () => {
    const calls = fakeServer({ theme: '#e64a19', darkMode: true, fontSize: 2, saved: true });
    updatePreferences({ themeColor: '#4caf50', nightMode: false, fontSize: 0 });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() =>
      expect(getPreferences()).toMatchObject({ themeColor: '#e64a19', nightMode: true, fontSize: 2 }),
    );
    // Kept locally too: the next visit paints the account's theme at once.
    expect(JSON.parse(window.localStorage.getItem('talkbase.preferences') ?? '{}')).toMatchObject({
      themeColor: '#e64a19',
      nightMode: true,
    });
    // Taking the server's choice is not a change to save back.
    await pass(SAVE_DEBOUNCE_MS + 100);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('saves changes once, debounced, with the whole choice', async () => {
    const calls = fakeServer({ theme: '#1976d2', darkMode: false, fontSize: 0, saved: true });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(1));
    updatePreferences({ themeColor: '#d32f2f' });
    updatePreferences({ themeColor: '#7b1fa2' });
    updatePreferences({ nightMode: true });
    expect(calls).toHaveLength(1);
    await pass(SAVE_DEBOUNCE_MS);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'PUT', body: { theme: '#7b1fa2', darkMode: true, fontSize: 0 } });
  });

  it("makes this browser's choice the account's when the account has none saved", async () => {
    const calls = fakeServer({ saved: false });
    updatePreferences({ themeColor: '#00796b', nightMode: true, fontSize: 1 });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'PUT', body: { theme: '#00796b', darkMode: true, fontSize: 1 } });
    expect(getPreferences()).toMatchObject({ themeColor: '#00796b', nightMode: true, fontSize: 1 });
  });

  it('saves nothing while signed out', async () => {
    const calls = fakeServer({});
    stop = followAccountPreferences();
    updatePreferences({ themeColor: '#d32f2f' });
    await pass(SAVE_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(0);
  });

  it("keeps a change the page left before saving, instead of the server's older choice", async () => {
    const calls = fakeServer({ theme: '#1976d2', darkMode: false, fontSize: 0, saved: true });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(1));
    updatePreferences({ nightMode: true, fontSize: 2 });
    // The page reloads before the debounced save: nothing reached the server.
    stop();
    clearSession();
    resetPreferencesCache();
    expect(calls).toHaveLength(1);

    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ method: 'PUT', body: { theme: '#1976d2', darkMode: true, fontSize: 2 } });
    expect(getPreferences()).toMatchObject({ nightMode: true, fontSize: 2 });
    await waitFor(() => expect(window.localStorage.getItem(UNSYNCED_KEY)).toBeNull());
  });

  it("keeps a change saved while the account's older choice was still on its way", async () => {
    let answerGet = () => {};
    const held = new Promise<void>((resolve) => (answerGet = resolve));
    const calls = fakeServer({ theme: '#1976d2', darkMode: false, fontSize: 0, saved: true }, held);
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(1));
    // The user changes dark mode and font size at once; the change is saved and confirmed…
    updatePreferences({ nightMode: true, fontSize: 2 });
    await pass(SAVE_DEBOUNCE_MS);
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(window.localStorage.getItem(UNSYNCED_KEY)).toBeNull());
    // …and only then does the answer read at sign-in, before the change, arrive.
    answerGet();
    await held;
    await pass(50);
    expect(getPreferences()).toMatchObject({ nightMode: true, fontSize: 2 });
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: { theme: '#1976d2', darkMode: true, fontSize: 2 } });
  });

  it('sends a change still waiting for its save at once when the page goes away, delivered as it unloads', async () => {
    const calls = fakeServer({ darkMode: false, saved: true });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET']));
    // The account's answer is taken in (its body is read asynchronously) before the change.
    await pass(0);
    updatePreferences({ nightMode: true });
    // The tab closes well within the debounce: the save leaves now, not 800 ms later.
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.slice(1)).toEqual([
      { method: 'PUT', body: { theme: '#1976d2', darkMode: true, fontSize: 0 }, keepalive: true },
    ]);
    // Nothing is left to save afterwards.
    await pass(SAVE_DEBOUNCE_MS + 100);
    expect(calls).toHaveLength(2);
  });

  it('sends again, delivered as the page unloads, a save still on its way when the page goes away', async () => {
    let answerPut = () => {};
    const putHeld = new Promise<void>((resolve) => (answerPut = resolve));
    const calls = fakeServer({ darkMode: false, saved: true }, undefined, putHeld);
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET']));
    updatePreferences({ nightMode: true });
    await pass(SAVE_DEBOUNCE_MS);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({ method: 'PUT', body: { theme: '#1976d2', darkMode: true, fontSize: 0 } });
    // The tab closes before the server answered: a plain request would be cancelled with the page.
    window.dispatchEvent(new Event('pagehide'));
    expect(calls[2]).toEqual({
      method: 'PUT',
      body: { theme: '#1976d2', darkMode: true, fontSize: 0 },
      keepalive: true,
    });
    // The two may reach the server in either order: the page's last one carries this browser's
    // higher number, so the server keeps it even if the first arrives after it.
    const [first, last] = calls.orders;
    expect(first?.browser).toMatch(/^[0-9a-f]{24}$/);
    expect(last?.browser).toBe(first?.browser);
    expect(last?.sequence).toBe((first?.sequence ?? 0) + 1);
    answerPut();
  });

  it("numbers this browser's saves across page loads, and starts as a new browser when its numbers are gone", async () => {
    const calls = fakeServer({ darkMode: false, saved: true });
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(1));
    updatePreferences({ nightMode: true });
    window.dispatchEvent(new Event('pagehide'));
    // The next page of this browser goes on from the last number.
    stop();
    stop = followAccountPreferences();
    updatePreferences({ fontSize: 1 });
    window.dispatchEvent(new Event('pagehide'));
    const [a, b] = calls.orders;
    expect(b).toEqual({ browser: a?.browser, sequence: (a?.sequence ?? 0) + 1 });
    // Storage cleared (or unreadable): a new id, whose numbers start again without losing to the old ones.
    window.localStorage.setItem('talkbase.preferences.saver', 'x');
    updatePreferences({ fontSize: 2 });
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.orders[2]?.browser).not.toBe(a?.browser);
    expect(calls.orders[2]?.sequence).toBe(1);
  });

  it('saves a change made while an earlier save is on its way only after that one ends', async () => {
    let answerPut = () => {};
    const putHeld = new Promise<void>((resolve) => (answerPut = resolve));
    const calls = fakeServer({ darkMode: false, fontSize: 0, saved: true }, undefined, putHeld);
    stop = followAccountPreferences();
    signIn();
    await waitFor(() => expect(calls).toHaveLength(1));
    updatePreferences({ nightMode: true });
    await pass(SAVE_DEBOUNCE_MS);
    await waitFor(() => expect(calls).toHaveLength(2));
    updatePreferences({ fontSize: 2 });
    // Two saves in flight at once could reach the server in either order, the older winning.
    await pass(SAVE_DEBOUNCE_MS + 200);
    expect(calls).toHaveLength(2);
    answerPut();
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ method: 'PUT', body: { theme: '#1976d2', darkMode: true, fontSize: 2 } });
    // Confirmed and current: nothing to send when the page goes away.
    await waitFor(() => expect(window.localStorage.getItem(UNSYNCED_KEY)).toBeNull());
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(3);
  });
});
