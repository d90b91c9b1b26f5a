import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/**
 * Whether a failed query is tried again: network and server failures get two more tries; client
 * errors (4xx) will not change, and neither will a 504 — the database already worked on the query
 * for the server's whole limit (DATABASE_STATEMENT_TIMEOUT_MS) before it was cancelled.
 */
function retryQuery(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (!(error instanceof ApiError)) return true;
  return !(error.status >= 400 && error.status < 500) && error.status !== 504;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
