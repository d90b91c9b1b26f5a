import { useEffect, useState } from 'react';

export const BACK_ONLINE_MS = 5000;

export type Connectivity = 'online' | 'offline' | 'back-online';

/** The browser's view of the network, with a short "back online" moment after an outage. */
export function useConnectivity(): Connectivity {
  const [state, setState] = useState<Connectivity>(() => (navigator.onLine ? 'online' : 'offline'));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const onOnline = () => {
      clearTimeout(timer);
      setState('back-online');
      timer = setTimeout(() => setState('online'), BACK_ONLINE_MS);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return state;
}
