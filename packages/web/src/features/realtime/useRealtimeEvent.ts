import type { RealtimeEventName } from '@talkbase/domain/contracts/realtime';
import { useEffect, useRef } from 'react';
import { subscribeRealtime } from './realtime-events.ts';

/** The one way features hear server pushes (SendTalkUpdates, PublishTalkTag, SendNotification). */
export function useRealtimeEvent(event: RealtimeEventName, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime(event, (data) => latest.current(data)), [event]);
}
