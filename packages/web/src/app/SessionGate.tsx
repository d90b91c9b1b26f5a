import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { SignInPage } from '../features/session/SignInPage.tsx';
import { isResetLinkPath } from '../features/session/reset-token.ts';
import { useSession } from '../features/session/useSession.ts';
import { preloadable } from '../ui/preloadable.tsx';
import { RouteLoading } from './RouteLoading.tsx';

// The signed-in layout (top bar, menus, tabs, realtime) loads after the session exists: the sign-in
// screen does not download it (issue 18, first-load budget). A page opened signed in fetches it,
// with the top bar's parts, before its first render (start.tsx): the layout shows at once, whole.
const { Component: Shell, preload: preloadShell } = preloadable(() =>
  Promise.all([import('./Shell.tsx'), import('./TopBar.tsx').then((m) => m.preloadTopBar())]).then(
    ([m]) => m.Shell,
  ),
);
export { preloadShell };

/**
 * Nobody signed in: the sign-in screen, whatever the address (000 §2). The e-mailed reset link's
 * page opens its form even in a browser where the account (or another) is signed in.
 */
export function SessionGate() {
  const session = useSession();
  const { pathname } = useLocation();
  return session && !isResetLinkPath(pathname) ? (
    <Suspense fallback={<RouteLoading />}>
      <Shell key={session.user.accountId} user={session.user} />
    </Suspense>
  ) : (
    <SignInPage />
  );
}
