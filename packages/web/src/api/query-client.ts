import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/** Client errors (4xx) will not change on retry; network and server failures get two more tries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
