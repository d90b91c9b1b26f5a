import type { Access } from '../features/session/access.ts';

/** Carried by every route that opens as a tab. */
export interface RouteHandle {
  title: string;
  access: Access;
  /** The page names its own tab once it knows what it shows (a record's subject and id). */
  ownTitle?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { title?: unknown }).title === 'string' &&
    typeof (value as { access?: unknown }).access === 'string'
  );
}
