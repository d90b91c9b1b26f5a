import { AppShell } from '@mantine/core';
import type { SessionUser } from '@talkbase/domain/contracts/account';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSavedFilters } from '../features/filters/useSavedFilters.ts';
import { followAccountPreferences } from '../features/preferences/preferences-sync.ts';
import { usePreferences } from '../features/preferences/usePreferences.ts';
import { useRealtimeConnection } from '../features/realtime/useRealtimeConnection.ts';
import { useSessionRenewal } from '../features/session/useSessionRenewal.ts';
import { UnsavedChangesGuard } from '../features/unsaved/UnsavedChangesGuard.tsx';
import { registerSavedFilterSource } from '../fields/editor-sources.ts';
import { t } from '../i18n/pt-BR.ts';
import { SideMenu } from './SideMenu.tsx';
import { TabsBar } from './TabsBar.tsx';
import { TopBar } from './TopBar.tsx';
import { useTabTracking } from './useTabTracking.ts';

// The field editors list saved filters through features/filters (fields/editor-sources.ts); only a
// signed-in screen shows an editor, so the layout wires it, not the sign-in screen's first load.
registerSavedFilterSource(useSavedFilters);

/** The signed-in layout: top bar, side menu, open tabs and the page. */
export function Shell({ user }: { user: SessionUser }) {
  const prefs = usePreferences();
  useSessionRenewal(user.accountId);
  useRealtimeConnection(user.accountId);
  useTabTracking(user);
  // The account's theme, dark mode and font size kept on the server (001 §2.14): only a signed-in
  // screen needs them, so the sign-in screen does not download this (issue 18).
  useEffect(() => followAccountPreferences(), []);
  const collapsed = !prefs.menuOpen;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: collapsed, desktop: collapsed } }}
      padding="md"
    >
      <a href="#content" className="skip-link">
        {t.app.skipToContent}
      </a>
      <AppShell.Header>
        <TopBar user={user} />
      </AppShell.Header>
      {/* A collapsed menu slides out of view; inert keeps its links out of the keyboard order too. */}
      <AppShell.Navbar id="side-menu" aria-label={t.sideMenu.label} inert={collapsed}>
        <SideMenu user={user} />
      </AppShell.Navbar>
      <AppShell.Main>
        <TabsBar />
        <div id="content" tabIndex={-1} className="content">
          <Outlet />
        </div>
      </AppShell.Main>
      <UnsavedChangesGuard />
    </AppShell>
  );
}
