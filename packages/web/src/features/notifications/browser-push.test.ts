import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import {
  applicationServerKey,
  enableBrowserPush,
  turnsPushOn,
  wantsBrowserPush,
  type PushEnvironment,
} from './browser-push.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/abc',
  expirationTime: null,
  keys: { p256dh: 'BP256', auth: 'AUTH' },
};

/** The browser's Notification and service worker parts, as a browser that allows or refuses. */
function browser(answer: NotificationPermission, opts: { failSubscribe?: boolean } = {}) {
  const subscribed: PushSubscriptionOptionsInit[] = [];
  const asked = vi.fn(() => Promise.resolve(answer));
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(null),
      subscribe: (o: PushSubscriptionOptionsInit) => {
        subscribed.push(o);
        return opts.failSubscribe
          ? Promise.reject(new DOMException('Registration failed', 'AbortError'))
          : Promise.resolve({ toJSON: () => SUBSCRIPTION });
      },
    },
  } as unknown as ServiceWorkerRegistration;
  const env: PushEnvironment = {
    notification: {
      permission: 'default',
      requestPermission: asked,
    } as unknown as PushEnvironment['notification'],
    serviceWorker: {
      getRegistration: () => Promise.resolve(registration),
      register: () => Promise.resolve(registration),
      ready: Promise.resolve(registration),
    },
    hasPushManager: true,
  };
  return { env, asked, subscribed };
}

describe('browser notifications on this browser', () => {
  it('asks, subscribes with the server’s VAPID key and hands the subscription to the server', async () => {
    const calls = stubFetch((call) =>
      call.path === '/api/notifications/vapid'
        ? { status: 200, body: { publicKey: PUBLIC_KEY } }
        : call.path === '/api/notifications/subscription'
          ? { status: 200, body: { subscribed: true } }
          : undefined,
    );
    const b = browser('granted');
    expect(await enableBrowserPush(b.env)).toBe('subscribed');
    expect(b.asked).toHaveBeenCalledOnce();
    expect(b.subscribed).toHaveLength(1);
    expect(b.subscribed[0]?.userVisibleOnly).toBe(true);
    expect(Array.from(b.subscribed[0]?.applicationServerKey as Uint8Array)).toEqual(
      Array.from(applicationServerKey(PUBLIC_KEY)),
    );
    expect(applicationServerKey(PUBLIC_KEY)).toHaveLength(65);
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/api/notifications/subscription', body: SUBSCRIPTION },
    ]);
  });

  it('a refusal, a browser without push, and a failed subscription each end without a call to save', async () => {
    const calls = stubFetch((call) =>
      call.path === '/api/notifications/vapid' ? { status: 200, body: { publicKey: PUBLIC_KEY } } : undefined,
    );
    expect(await enableBrowserPush(browser('denied').env)).toBe('denied');
    expect(await enableBrowserPush({ ...browser('granted').env, hasPushManager: false })).toBe('unsupported');
    expect(await enableBrowserPush(browser('granted', { failSubscribe: true }).env)).toBe('failed');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('only switching a free channel-3 cell on asks; the account wants push when a cell keeps it', () => {
    const rows = [
      {
        notificationId: 1,
        notificationName: 'A',
        channels: [
          { channelId: 2, isEnable: false, isRequired: false, isDisabled: false },
          { channelId: 3, isEnable: false, isRequired: false, isDisabled: false },
        ],
      },
      {
        notificationId: 2,
        notificationName: 'B',
        channels: [{ channelId: 3, isEnable: false, isRequired: false, isDisabled: true }],
      },
    ];
    expect(turnsPushOn(rows, 1, 3)).toBe(true);
    expect(turnsPushOn(rows, 1, 2)).toBe(false);
    expect(turnsPushOn(rows, 2, 3)).toBe(false);
    expect(wantsBrowserPush(rows)).toBe(false);
    expect(
      wantsBrowserPush([
        {
          notificationId: 1,
          notificationName: 'A',
          channels: [{ channelId: 3, isEnable: true, isRequired: false, isDisabled: false }],
        },
      ]),
    ).toBe(true);
  });
});
