import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';

/** A shown query whose first load is in flight: an invalidation would join it, not fetch again. */
const firstLoadOf =
  (filters: QueryFilters) =>
  (query: Query): boolean =>
    query.state.data === undefined && (filters.predicate?.(query) ?? true);

/**
 * Reads again the queries a push (or a reopened connection) says are behind. A first load still in
 * flight may have been answered before the pushed change committed, and TanStack Query joins an
 * invalidation to it (a query without data is awaited, not fetched again; one with data is): the
 * change would stay unseen until the next push. Those loads are cancelled first, so the read starts
 * after the push. Only shown queries are cancelled: a prefetch someone awaits is left alone.
 */
export async function readAgain(client: QueryClient, ...filters: QueryFilters[]): Promise<void> {
  await Promise.all(
    filters.map((f) => client.cancelQueries({ ...f, type: 'active', predicate: firstLoadOf(f) })),
  );
  await Promise.all(filters.map((f) => client.invalidateQueries(f)));
}
