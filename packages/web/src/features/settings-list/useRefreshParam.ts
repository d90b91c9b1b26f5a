import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { forgetTab } from '../tabs/tabs-store.ts';

/**
 * The list reloads when the route parameter `refresh` is set (a form asks for fresh data after a
 * save, 000 §2, 001 §2.8 and §2.10); the parameter is then dropped so the tab keeps its plain address.
 * `queryKey`, the queries to reload, is a constant such as `tagKeys.all`.
 */
export function useRefreshParam(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const refresh = params.get('refresh');
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (refresh === null) return;
    const withRefresh = `${location.pathname}${location.search}`;
    void queryClient.invalidateQueries({ queryKey });
    void (async () => {
      await navigate(location.pathname, { replace: true });
      forgetTab(withRefresh, location.pathname);
    })();
  }, [refresh, queryKey, queryClient, navigate, location.pathname, location.search]);
}
