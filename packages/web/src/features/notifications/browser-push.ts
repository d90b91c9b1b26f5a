import type { VapidPublicKey } from '@talkbase/domain/contracts/notifications';
import { CHANNEL } from '@talkbase/domain/contracts/notifications';
import { apiRequest } from '../../api/client.ts';
import type { MatrixRow } from './NotificationChannelMatrix.tsx';

/**
 * Browser notifications (channel 3) on this browser: the permission, the service worker's push
 * subscription (with the server's VAPID key) and its registration with the server
 * (POST /api/notifications/subscription). The worker (src/sw/sw.ts) shows what arrives.
 */

/** What asking for them ended in. */
export type BrowserPushState = 'subscribed' | 'unsupported' | 'denied' | 'failed';

/** The browser's parts used here (the real ones, or a test's stand-ins). */
export interface PushEnvironment {
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistration' | 'register' | 'ready'> | undefined;
  hasPushManager: boolean;
}

export function browserEnvironment(): PushEnvironment {
  return {
    notification: typeof Notification === 'undefined' ? undefined : Notification,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  };
}

/** Whether the account keeps channel 3 on for some notification (so this browser should receive). */
export function wantsBrowserPush(rows: readonly MatrixRow[]): boolean {
  return rows.some((r) =>
    r.channels.some((c) => c.channelId === CHANNEL.push && !c.isDisabled && (c.isEnable || c.isRequired)),
  );
}

/** Whether this toggle switches a channel-3 cell on (the moment to ask the browser). */
export function turnsPushOn(rows: readonly MatrixRow[], notificationId: number, channelId: number): boolean {
  if (channelId !== CHANNEL.push) return false;
  const cell = rows
    .find((r) => r.notificationId === notificationId)
    ?.channels.find((c) => c.channelId === channelId);
  return cell !== undefined && !cell.isEnable && !cell.isRequired && !cell.isDisabled;
}

/** The VAPID key as PushManager takes it (base64url → bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

/**
 * Asks for the permission (call it from the click that switched channel 3 on), subscribes this
 * browser with the server's key and hands the subscription to the server.
 */
export async function enableBrowserPush(
  env: PushEnvironment = browserEnvironment(),
): Promise<BrowserPushState> {
  const { notification, serviceWorker } = env;
  if (!notification || !serviceWorker || !env.hasPushManager) return 'unsupported';
  try {
    const permission =
      notification.permission === 'granted' ? 'granted' : await notification.requestPermission();
    if (permission !== 'granted') return 'denied';
    // Registered at start (main.tsx); registered here too if that has not happened yet.
    if (!(await serviceWorker.getRegistration('/'))) await serviceWorker.register('/sw.js');
    // Subscribing needs the worker active.
    const registration = await serviceWorker.ready;
    const { publicKey } = await apiRequest<VapidPublicKey>('/api/notifications/vapid');
    const key = applicationServerKey(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another server's key would never receive this one's pushes.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await apiRequest('/api/notifications/subscription', { method: 'POST', body: subscription.toJSON() });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}
