import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ConnectionBanner } from '../features/connectivity/ConnectionBanner.tsx';
import { NoticeStack } from '../features/notices/NoticeStack.tsx';
import { followFullScreen } from '../features/preferences/full-screen.ts';
import { FONT_SIZES_PX } from '../features/preferences/preferences-store.ts';
import { usePreferences } from '../features/preferences/usePreferences.ts';
import { useShortcuts } from '../features/preferences/useShortcuts.ts';
import { followOtherTabs } from '../features/session/session-store.ts';
import { AppRouterContext } from './app-router.ts';
import type { AppContext } from './start.tsx';
import { buildTheme } from '../ui/theme.ts';

interface AppProps {
  queryClient: QueryClient;
  router: AppContext['router'];
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  mantineEnv?: 'default' | 'test';
}

export function App({ queryClient, router, mantineEnv = 'default' }: AppProps) {
  const prefs = usePreferences();
  const { theme, cssVariablesResolver } = useMemo(() => buildTheme(prefs.themeColor), [prefs.themeColor]);
  useShortcuts();
  useEffect(() => followFullScreen(), []);
  useEffect(() => followOtherTabs(), []);
  useEffect(() => {
    document.documentElement.style.fontSize = `${FONT_SIZES_PX[prefs.fontSize]}px`;
  }, [prefs.fontSize]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={prefs.nightMode ? 'dark' : 'light'}
        env={mantineEnv}
      >
        <ConnectionBanner />
        <AppRouterContext.Provider value={router}>
          <RouterProvider router={router} />
        </AppRouterContext.Provider>
        <NoticeStack />
      </MantineProvider>
    </QueryClientProvider>
  );
}
