import { apiRequest } from './client.ts';

/** GET /api/health (no contract in @talkbase/domain yet; shape taken from the server's answer). */
export interface Health {
  status: string;
  version?: string;
  database?: string;
}

export const healthPath = '/api/health';

export function fetchHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest<Health>(healthPath, signal ? { signal } : {});
}
