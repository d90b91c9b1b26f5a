import { useSyncExternalStore } from 'react';
import { getPreferences, subscribePreferences, type Preferences } from './preferences-store.ts';

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}
