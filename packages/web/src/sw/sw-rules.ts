/**
 * What the service worker (sw.ts) decides, kept free of worker globals so it is tested as is.
 *
 * Caching: only the built app's hashed files (`/assets/name-hash.ext`) are kept, cache-first: their
 * content never changes under a name. Pages, `/api/…`, the WebSocket and anything else always go
 * to the network, so no API answer is ever cached. Each build has its own cache (named with the
 * build's version); activating a new build deletes the caches of older ones.
 */

export const CACHE_PREFIX = 'talkbase-shell-';

export const cacheNameOf = (version: string): string => `${CACHE_PREFIX}${version}`;

/** Caches of other builds, to delete when this build's worker takes over. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== current);
}

/** Vite's hashed file names, as the server's cache policy (http/web-app.ts) recognises them. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)+$/;

/** Whether the worker answers the request from its cache (else the browser fetches as usual). */
export function isCachedRequest(request: { method: string; url: string }, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.search === '' && HASHED_ASSET.test(url.pathname);
}

/**
 * Requests the browser sends straight to the network, never through the worker (the static
 * routing of `InstallEvent.addRoutes`): the API, which the worker never caches. Through the
 * worker, a request the page sends as it closes — the last choice of theme, a keepalive save —
 * was lost about one time in twenty in Chromium (a probe: 114 of 160 arrived, against 160 of 160
 * without the worker's fetch handler or with this route), and every API call paid the hop.
 */
export const NETWORK_ROUTES = [{ condition: { urlPattern: '/api/*' }, source: 'network' }] as const;

/** Where a notification without a record leads: the inbox. */
export const INBOX_PATH = '/notifications';

export interface ShownNotification {
  title: string;
  options: { body: string; data: { url: string }; icon: string; lang: string };
}

/**
 * The notification a push shows. The server sends `{title, body, url}` (web-push.ts PushPayload);
 * `url` is a path of the web app, and only such a path is followed: anything else opens the inbox.
 */
export function notificationOfPush(text: string | null | undefined): ShownNotification {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: shown as a bare notice that opens the inbox.
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const url = str(payload.url);
  return {
    title: str(payload.title).trim() || 'Talkbase',
    options: {
      body: str(payload.body),
      data: { url: isAppPath(url) ? url : INBOX_PATH },
      icon: '/favicon.svg',
      lang: 'pt-BR',
    },
  };
}

/** A path of this origin (`/context/talk/…`), never another site (`//x`, `https:`, `javascript:`). */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** The address a click on the notification opens, under the worker's origin. */
export function clickTarget(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return new URL(typeof url === 'string' && isAppPath(url) ? url : INBOX_PATH, origin).href;
}
