import { useSyncExternalStore } from 'react';
import type { Tab } from './tab-rules.ts';
import { getTabs, subscribeTabs } from './tabs-store.ts';

export function useTabs(): readonly Tab[] {
  return useSyncExternalStore(subscribeTabs, getTabs, getTabs);
}
