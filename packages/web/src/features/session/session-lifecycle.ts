import { logout, refreshToken } from '../../api/account-api.ts';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { notify } from '../notices/notices-store.ts';
import { clearTabs } from '../tabs/tabs-store.ts';
import { clearSession, getSession, replaceToken } from './session-store.ts';

/** 000 §4: the token is renewed at start and every 8 minutes; logout redirects after 300 ms. */
export const RENEW_INTERVAL_MS = 480_000;
export const LOGOUT_REDIRECT_MS = 300;

/** Prefix under which screens keep cached templates; they belong to the session. */
const TEMPLATE_CACHE_PREFIX = 'talkbase.templates';

interface LifecycleHooks {
  /** Drops in-memory caches (queries) and goes to "/" once signed out. */
  afterSignOut: () => void;
}

let hooks: LifecycleHooks = { afterSignOut: () => undefined };

export function configureSessionLifecycle(next: LifecycleHooks): void {
  hooks = next;
}

function forgetCachedTemplates(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(TEMPLATE_CACHE_PREFIX)) storage.removeItem(key);
  }
}

function endSession(): void {
  clearSession();
  clearTabs();
  forgetCachedTemplates();
  hooks.afterSignOut();
}

/** "Sair": ends the session here at once and on the server in the background. */
export function signOut(): void {
  const token = getSession()?.token;
  endSession();
  if (token) logout(token).catch(() => undefined);
}

/** The server no longer honours the session: say so, then sign out (000 §8). */
export function loseSession(): void {
  if (!getSession()) return;
  notify({ kind: 'error', message: t.session.lost });
  endSession();
}

let renewal: Promise<boolean> | undefined;

async function renew(): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  try {
    const answer = await refreshToken(session.token);
    if (answer.authorized && answer.token) {
      // A sign-out while the call was in flight wins.
      if (getSession()?.token === session.token) replaceToken(answer.token);
      return true;
    }
  } catch (err) {
    // Unreachable or failing server: the session may well be alive; try again later.
    const refused = err instanceof ApiError && (err.status === 401 || err.status === 403);
    if (!refused) return false;
  }
  if (getSession()?.token === session.token) loseSession();
  return false;
}

/** One renewal at a time, however many calls were refused together. */
export function renewSession(): Promise<boolean> {
  renewal ??= renew().finally(() => {
    renewal = undefined;
  });
  return renewal;
}
