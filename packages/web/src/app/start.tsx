import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectSession } from '../api/client.ts';
import { createQueryClient } from '../api/query-client.ts';
import { FONT_SIZES_PX, getPreferences } from '../features/preferences/preferences-store.ts';
import {
  LOGOUT_REDIRECT_MS,
  configureSessionLifecycle,
  renewSession,
} from '../features/session/session-lifecycle.ts';
import { getSession } from '../features/session/session-store.ts';
import { App } from './App.tsx';
import { createAppRouter } from './router.tsx';
import { preloadShell } from './SessionGate.tsx';

export interface AppContext {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** Wires the API client, the session and the router together (the tests use the same wiring). */
export function createAppContext(): AppContext {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  connectSession({ token: () => getSession()?.token ?? null, renew: renewSession });
  configureSessionLifecycle({
    afterSignOut: () => {
      queryClient.clear();
      setTimeout(() => void router.navigate('/', { replace: true }), LOGOUT_REDIRECT_MS);
    },
  });
  return { queryClient, router };
}

export async function start(rootElement: HTMLElement): Promise<void> {
  // Applied before the first paint so that a stored font size or night mode does not flash.
  const prefs = getPreferences();
  document.documentElement.style.fontSize = `${FONT_SIZES_PX[prefs.fontSize]}px`;
  document.documentElement.dataset.mantineColorScheme = prefs.nightMode ? 'dark' : 'light';
  const { queryClient, router } = createAppContext();
  // Signed in: the layout's code arrives before the first render (a failed fetch is left to the
  // gate's own loading and error screens).
  if (getSession()) await preloadShell().catch(() => undefined);
  createRoot(rootElement).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
