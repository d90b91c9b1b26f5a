import { createBrowserRouter, type RouteObject } from 'react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RequireAccess } from './RequireAccess.tsx';
import { RouteError } from './RouteError.tsx';
import { RouteLoading } from './RouteLoading.tsx';
import type { RouteHandle } from './route-handle.ts';
import { screens } from './screens.ts';
import { SessionGate } from './SessionGate.tsx';

/** Dashboard and 404 are part of the first load; every other screen is fetched when opened. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <SessionGate />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        { index: true, element: <DashboardPage /> },
        ...screens.map((screen): RouteObject => ({
          // A path ending in /* (the records routes) hands the rest to a splat child.
          path: screen.path.replace(/\/\*$/, ''),
          element: <RequireAccess access={screen.access} />,
          handle: {
            title: screen.title,
            access: screen.access,
            ownTitle: screen.ownTitle ?? false,
          } satisfies RouteHandle,
          children: screen.path.endsWith('/*')
            ? [
                { index: true, lazy: screen.load },
                { path: '*', lazy: screen.load },
              ]
            : [{ index: true, lazy: screen.load }],
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
