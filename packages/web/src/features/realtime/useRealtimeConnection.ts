import { REALTIME_PATH } from '@talkbase/domain/contracts/realtime';
import { useEffect } from 'react';
import { t } from '../../i18n/pt-BR.ts';
import { notify } from '../notices/notices-store.ts';
import { renewSession } from '../session/session-lifecycle.ts';
import { getSession } from '../session/session-store.ts';
import { RealtimeConnection } from './realtime-connection.ts';
import { dispatchRealtime, dispatchRealtimeOpen } from './realtime-events.ts';

/** 002 §9: connection notices stay 45 s, or 60 s when only a reload helps. */
export const REALTIME_NOTICE_MS = 45_000;
export const REALTIME_FAILURE_NOTICE_MS = 60_000;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const token = encodeURIComponent(getSession()?.token ?? '');
  return `${scheme}://${window.location.host}${REALTIME_PATH}?access_token=${token}`;
}

const reload = { label: t.realtime.reload, run: () => window.location.reload() };

/** Keeps one real-time connection open while a user is signed in. */
export function useRealtimeConnection(accountId: number): void {
  useEffect(() => {
    let connection: RealtimeConnection | undefined;
    let cancelled = false;
    // Every opening after the first (a reconnection, or a new connection after the session was
    // renewed) follows a time without pushes.
    let opened = false;
    const connect = () => {
      connection = new RealtimeConnection({
        url: socketUrl,
        onMessage: dispatchRealtime,
        onOpen: () => {
          dispatchRealtimeOpen({ reopened: opened });
          opened = true;
        },
        onReconnecting: () =>
          notify({ kind: 'alert', message: t.realtime.reconnecting, durationMs: REALTIME_NOTICE_MS }),
        onReconnected: () =>
          notify({ kind: 'info', message: t.realtime.restored, durationMs: REALTIME_NOTICE_MS }),
        onLost: () =>
          notify({
            kind: 'error',
            title: t.realtime.lost,
            message: t.realtime.reloadAdvice,
            durationMs: REALTIME_FAILURE_NOTICE_MS,
            action: reload,
          }),
        onStartFailed: () =>
          notify({
            kind: 'error',
            title: t.realtime.startFailed,
            message: t.realtime.reloadAdvice,
            durationMs: REALTIME_FAILURE_NOTICE_MS,
            action: reload,
          }),
        // The server closed the socket because the session ended: a renewal tells for sure, and
        // signs out with the session-lost notice when it fails.
        onSessionEnded: () => {
          void renewSession().then((renewed) => {
            if (renewed && !cancelled) connect();
          });
        },
      });
      connection.start();
    };
    // The stored token may have expired while the app was closed: the WebSocket opens with the
    // token of the start-up renewal (shared with useSessionRenewal), not with the stale one.
    void renewSession().then(() => {
      if (!cancelled && getSession()) connect();
    });
    return () => {
      cancelled = true;
      const current = connection;
      connection = undefined;
      current?.stop();
    };
  }, [accountId]);
}
