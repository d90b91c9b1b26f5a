import { render } from '@testing-library/react';
import type { SessionUser } from '@talkbase/domain/contracts/account';
import { vi } from 'vitest';
import { App } from '../app/App.tsx';
// The shell is a lazy chunk in the app (app/SessionGate.tsx); loaded up front here so that a test
// waits one render for it, not for its first transform.
import '../app/Shell.tsx';
import { createAppContext } from '../app/start.tsx';
import { resetPreferencesCache } from '../features/preferences/preferences-store.ts';
import { resetSessionCache } from '../features/session/session-store.ts';

/** A socket that never connects: the shell's real-time client stays quietly "starting". */
class SilentSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onmessage = null;
  close(): void {
    this.readyState = 3;
  }
}

export const ordinaryUser: SessionUser = {
  accountId: 21,
  name: 'Carla Dias',
  email: 'carla@cliente.test',
  phoneNumber: null,
  image: null,
  roomId: 1196,
  customer: true,
  isAdmin: false,
  keepConnected: true,
};

export const adminUser: SessionUser = {
  ...ordinaryUser,
  accountId: 1,
  name: 'Admin Talkbase',
  roomId: 1,
  isAdmin: true,
  customer: false,
};

/** Renders the whole app at a path, optionally with a stored session (as a previous visit left it). */
export function renderApp(path: string, user?: SessionUser) {
  if (user) {
    window.localStorage.setItem('talkbase.user', JSON.stringify(user));
    window.localStorage.setItem('talkbase.token', 'stored-token');
  }
  resetSessionCache();
  resetPreferencesCache();
  vi.stubGlobal('WebSocket', SilentSocket);
  window.history.replaceState(null, '', path);
  const context = createAppContext();
  // The app's retries stay (a failing load is asked three times, as in the browser), without the
  // second and more of back-off between them: how many tries is query-client.test.ts's to check.
  const defaults = context.queryClient.getDefaultOptions();
  context.queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const view = render(<App queryClient={context.queryClient} router={context.router} mantineEnv="test" />);
  return { ...view, ...context };
}
