import { createContext, useContext } from 'react';
import type { DataRouter } from 'react-router';

/** The app's router, for what must read its state as it is now rather than as last rendered. */
export const AppRouterContext = createContext<DataRouter | null>(null);

/**
 * The screen the app is on, or on its way to, at the moment it is called. The rendered location
 * lags twice: a screen's code is fetched before the address moves (a lazy route: the router's
 * navigation is pending), and once it has moved the new screen renders in a transition. A click
 * that acts on "the open screen" (closing its tab) means the one the user last went to.
 */
export function useScreenNow(): () => string {
  const router = useContext(AppRouterContext);
  return () => {
    const where = router?.state.navigation.location ?? window.location;
    return `${where.pathname}${where.search}`;
  };
}
