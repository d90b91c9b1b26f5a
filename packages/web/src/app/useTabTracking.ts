import type { SessionUser } from '@talkbase/domain/contracts/account';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { canAccess } from '../features/session/access.ts';
import { rememberTab } from '../features/tabs/tabs-store.ts';
import { t } from '../i18n/pt-BR.ts';
import { isRouteHandle } from './route-handle.ts';

/** Every page the user opens becomes a tab; the document title follows the page. */
export function useTabTracking(user: Pick<SessionUser, 'isAdmin' | 'roomId'>): void {
  const location = useLocation();
  const matches = useMatches();
  const handle = matches.map((m) => m.handle).findLast(isRouteHandle);
  const path = `${location.pathname}${location.search}`;
  const title = handle && canAccess(user, handle.access) && !handle.ownTitle ? handle.title : undefined;
  useEffect(() => {
    if (handle?.ownTitle) return;
    document.title = title ? `${title} · ${t.app.name}` : t.app.name;
    if (title) rememberTab({ path, title });
  }, [path, title, handle?.ownTitle]);
}
