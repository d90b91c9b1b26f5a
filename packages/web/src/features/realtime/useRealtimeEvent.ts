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
 * For a view that pushes keep current: `handler` reads again whenever the real-time connection
 * opens. A push sent between the view's first read and the socket's opening (or while the
 * connection was cut) is never delivered, so the view would stay behind until the next one.
 */
export function useRealtimeResync(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtimeOpen(() => latest.current()), []);
}
