import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving a page with unsaved changes asks first: a move to another path is held (the returned
 * blocker is 'blocked' until the user answers), and closing or reloading the tab asks the browser's
 * question. `letGo` is read when the user leaves: true while the page itself is leaving (after a
 * save), so that move goes through.
 */
export function useUnsavedChangesGuard(dirty: boolean, letGo: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !letGo() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
