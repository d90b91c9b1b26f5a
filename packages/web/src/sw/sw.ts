/**
 * The web app's service worker, built by build/service-worker.ts into `/sw.js` (its own file,
 * outside the app's bundle and its first-load budget; see sw-rules.ts for what it decides):
 * - keeps the built app's hashed files for a fast second visit (never an API answer);
 * - shows the browser notifications the server pushes (channel 3) and opens their record on click.
 */
import {
  cacheNameOf,
  clickTarget,
  isCachedRequest,
  NETWORK_ROUTES,
  notificationOfPush,
  staleCaches,
} from './sw-rules.ts';

/** Replaced at build time: this build's version, and the app shell's files to keep at install. */
declare const __SW_VERSION__: string;
declare const __SW_SHELL__: string[];

// The worker's own types (the WebWorker lib would clash with the app's DOM lib).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface InstallEvent extends ExtendableEvent {
  /** Static routing (Chromium 123+); absent elsewhere, where every request goes through `fetch`. */
  addRoutes?: (rules: typeof NETWORK_ROUTES) => Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', l: (e: InstallEvent) => void): void;
  addEventListener(type: 'activate', l: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', l: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', l: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', l: (e: NotificationEvent) => void): void;
}

const sw = self as unknown as WorkerScope;
const CACHE = cacheNameOf(__SW_VERSION__);

sw.addEventListener('install', (event) => {
  // The API goes straight to the network (sw-rules.ts, NETWORK_ROUTES); a browser that refuses the
  // route still installs the worker.
  const routed = event.addRoutes?.(NETWORK_ROUTES).catch(() => undefined);
  event.waitUntil(
    Promise.all([routed, caches.open(CACHE).then((cache) => cache.addAll(__SW_SHELL__))]).then(() =>
      sw.skipWaiting(),
    ),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, CACHE).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  if (!isCachedRequest(event.request, sw.location.origin)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      // eslint-disable-next-line no-restricted-globals -- the worker passes the page's own request on; it is no API call.
      const answer = await fetch(event.request);
      if (answer.ok) await cache.put(event.request, answer.clone());
      return answer;
    }),
  );
});

sw.addEventListener('push', (event) => {
  const { title, options } = notificationOfPush(event.data?.text());
  event.waitUntil(sw.registration.showNotification(title, options));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = clickTarget(event.notification.data, sw.location.origin);
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      // An open window of the app goes to the record; else a new one opens on it.
      for (const w of windows) {
        if (new URL(w.url).origin !== sw.location.origin) continue;
        const moved = await w.navigate(target).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await sw.clients.openWindow(target);
    }),
  );
});
