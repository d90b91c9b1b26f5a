import type { SessionUser } from '@talkbase/domain/contracts/account';

export interface Session {
  token: string;
  user: SessionUser;
}

const USER_KEY = 'talkbase.user';
const TOKEN_KEY = 'talkbase.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storages(): Storage[] {
  return [window.localStorage, window.sessionStorage];
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accountId === 'number' &&
    typeof v.name === 'string' &&
    typeof v.roomId === 'number' &&
    typeof v.isAdmin === 'boolean'
  );
}

/** The session kept by the previous visit: local storage when "Manter conectado", else this tab's. */
function read(): Session | null {
  for (const storage of storages()) {
    const token = storage.getItem(TOKEN_KEY);
    const rawUser = storage.getItem(USER_KEY);
    if (!token || !rawUser) continue;
    try {
      const user: unknown = JSON.parse(rawUser);
      if (isSessionUser(user)) return { token, user };
    } catch {
      // A damaged entry is treated as no session.
    }
  }
  return null;
}

let current: Session | null = null;
let loaded = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (!loaded) {
    current = read();
    loaded = true;
  }
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storageFor(user: SessionUser): Storage {
  return user.keepConnected ? window.localStorage : window.sessionStorage;
}

export function startSession(session: Session): void {
  removeStoredSession();
  const storage = storageFor(session.user);
  storage.setItem(USER_KEY, JSON.stringify(session.user));
  storage.setItem(TOKEN_KEY, session.token);
  current = session;
  loaded = true;
  emit();
}

export function replaceToken(token: string): void {
  const session = getSession();
  if (!session) return;
  storageFor(session.user).setItem(TOKEN_KEY, token);
  current = { ...session, token };
  emit();
  renewals()?.postMessage({ token });
}

/**
 * The server rotates tokens: each refreshes once, and refreshing an older one ends the session.
 * Tabs holding the same session in their own session storage (a duplicated tab) tell each other
 * their renewed token, so that none of them later presents a replaced one.
 */
const RENEWALS_CHANNEL = 'talkbase.session.renewals';
let renewalsChannel: BroadcastChannel | null | undefined;
function renewals(): BroadcastChannel | null {
  if (renewalsChannel === undefined) {
    renewalsChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(RENEWALS_CHANNEL) : null;
  }
  return renewalsChannel;
}

/** The session id inside an access token (its payload's `sid`), without checking the signature. */
export function sessionIdOf(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : undefined;
  } catch {
    return undefined;
  }
}

/** A token another tab renewed for the session this tab holds replaces this tab's. */
export function adoptRenewedToken(token: string): void {
  const session = getSession();
  if (!session || session.token === token) return;
  const sid = sessionIdOf(token);
  if (sid === undefined || sid !== sessionIdOf(session.token)) return;
  storageFor(session.user).setItem(TOKEN_KEY, token);
  current = { ...session, token };
  emit();
}

function removeStoredSession(): void {
  for (const storage of storages()) {
    storage.removeItem(USER_KEY);
    storage.removeItem(TOKEN_KEY);
  }
}

/** Forgets the session in both stores (000 §4). */
export function clearSession(): void {
  removeStoredSession();
  current = null;
  loaded = true;
  emit();
}

/** Another browser tab signing in or out with "Manter conectado" changes this tab too. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== USER_KEY && event.key !== TOKEN_KEY) return;
    const next = read();
    if (next?.token === current?.token && next?.user.accountId === current?.user.accountId) return;
    current = next;
    emit();
  };
  window.addEventListener('storage', onStorage);
  const channel = renewals();
  const onRenewal = (event: MessageEvent<{ token?: unknown }>) => {
    if (typeof event.data.token === 'string') adoptRenewedToken(event.data.token);
  };
  channel?.addEventListener('message', onRenewal);
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.removeEventListener('message', onRenewal);
  };
}

/** For tests: forget what was read so that the next read sees the stores again. */
export function resetSessionCache(): void {
  loaded = false;
  current = null;
}
