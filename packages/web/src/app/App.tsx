import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/pt-br';
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
import type { AppContext } from './start.tsx';
import { buildTheme } from './theme.ts';

interface AppProps {
  queryClient: QueryClient;
  router: AppContext['router'];
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  mantineEnv?: 'default' | 'test';
}

/** Dates in pt-BR, weeks starting on Sunday (spec 002 §5). */
export const DATES = { locale: 'pt-br', firstDayOfWeek: 0 } as const;

export function App({ queryClient, router, mantineEnv = 'default' }: AppProps) {
  const prefs = usePreferences();
  const { theme, cssVariablesResolver } = useMemo(() => buildTheme(prefs.themeColor), [prefs.themeColor]);
  useShortcuts();
  useEffect(() => followFullScreen(), []);
  useEffect(() => followOtherTabs(), []);
  // The account's theme from the server (001 §2.14), loaded apart: the first screen's budget is tight.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../features/preferences/preferences-sync.ts').then((m) => {
      if (!ended) stop = m.followAccountPreferences();
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
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
        <DatesProvider settings={DATES}>
          <ConnectionBanner />
          <RouterProvider router={router} />
          <NoticeStack />
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
