import { useEffect } from 'react';
import { RENEW_INTERVAL_MS, renewSession } from './session-lifecycle.ts';

/** Renews the token when a session becomes active and every 8 minutes while it lasts. */
export function useSessionRenewal(accountId: number): void {
  useEffect(() => {
    void renewSession();
    const timer = setInterval(() => void renewSession(), RENEW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [accountId]);
}
