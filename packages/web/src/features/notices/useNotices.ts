import { useSyncExternalStore } from 'react';
import { getNotices, subscribeNotices, type Notice } from './notices-store.ts';

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribeNotices, getNotices, getNotices);
}
