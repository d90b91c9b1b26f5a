import { useQuery } from '@tanstack/react-query';
import { fetchCompanyMenu } from './menu-api.ts';

export function useCompanyMenu(enabled: boolean) {
  return useQuery({
    queryKey: ['company-menu'],
    queryFn: ({ signal }) => fetchCompanyMenu(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
