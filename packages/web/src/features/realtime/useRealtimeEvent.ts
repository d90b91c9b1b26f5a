import type { RealtimeEventName } from '@talkbase/domain/contracts/realtime';
import { useEffect, useRef } from 'react';
import { subscribeRealtime, subscribeRealtimeOpen } from './realtime-events.ts';

/** The one way features hear server pushes (SendTalkUpdates, PublishTalkTag, SendNotification). */
export function useRealtimeEvent(event: RealtimeEventName, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime(event, (data) => latest.current(data)), [event]);
}

/**
 * For a view that pushes keep current: `handler` reads again when the real-time connection opens
 * again after it was lost — a push sent while it was cut is never delivered, so the view would stay
 * behind until the next one. With `firstOpen`, also when it first opens: the page reads its data
 * before its socket is open, and a push sent in between is lost the same way (a second read of the
 * view on every page load, worth it for counts people watch: the dashboards, the unread badge).
 */
export function useRealtimeResync(handler: () => void, options: { firstOpen: boolean }): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const { firstOpen } = options;
  useEffect(
    () =>
      subscribeRealtimeOpen(({ reopened }) => {
        if (reopened || firstOpen) latest.current();
      }),
    [firstOpen],
  );
}
