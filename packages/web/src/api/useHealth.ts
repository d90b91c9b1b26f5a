import { useQuery } from '@tanstack/react-query';
import { fetchHealth } from './health-api.ts';

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: ({ signal }) => fetchHealth(signal) });
}
