import type { RealtimeEventName, RealtimeMessage } from '@talkbase/domain/contracts/realtime';

type Handler = (data: unknown) => void;
const handlers = new Map<RealtimeEventName, Set<Handler>>();

/** Hands a pushed message to the features listening for its event. */
export function dispatchRealtime(message: RealtimeMessage): void {
  for (const handler of handlers.get(message.event) ?? []) handler(message.data);
}

export function subscribeRealtime(event: RealtimeEventName, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

/** An opening of the real-time connection: `reopened` after one was lost (or its session renewed). */
export interface RealtimeOpen {
  reopened: boolean;
}

type OpenHandler = (open: RealtimeOpen) => void;
const openHandlers = new Set<OpenHandler>();

/** The connection (re)opened: views kept current by pushes read again what they may have missed. */
export function dispatchRealtimeOpen(open: RealtimeOpen): void {
  for (const handler of openHandlers) handler(open);
}

export function subscribeRealtimeOpen(handler: OpenHandler): () => void {
  openHandlers.add(handler);
  return () => openHandlers.delete(handler);
}
