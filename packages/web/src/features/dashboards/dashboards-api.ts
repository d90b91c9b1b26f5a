import type { AggregateRequest, AggregateResponse } from '@talkbase/domain/contracts/aggregates';
import type { Dashboard, DashboardSummary, DashboardWrite } from '@talkbase/domain/contracts/dashboards';
import { apiRequest } from '../../api/client.ts';

/** The dashboards and aggregates calls (docs/api.md "Dashboards", "Aggregates"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchDashboards(signal?: AbortSignal): Promise<DashboardSummary[]> {
  return apiRequest<DashboardSummary[]>('/api/dashboard', withSignal(signal));
}

export function fetchDashboard(dashboardId: number, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest<Dashboard>(`/api/dashboard/${dashboardId}`, withSignal(signal));
}

/** Creates a dashboard; answers its id (the server answers the dashboard or at least its id). */
export async function createDashboard(input: DashboardWrite): Promise<number> {
  const answer = await apiRequest<{ dashboardId: number }>('/api/dashboard', { method: 'POST', body: input });
  return answer.dashboardId;
}

export function updateDashboard(dashboardId: number, input: DashboardWrite): Promise<unknown> {
  return apiRequest<unknown>(`/api/dashboard/${dashboardId}`, { method: 'PUT', body: input });
}

export function deleteDashboard(dashboardId: number): Promise<void> {
  return apiRequest<undefined>(`/api/dashboard/${dashboardId}`, { method: 'DELETE' });
}

export function fetchAggregate(
  subject: string,
  body: AggregateRequest,
  signal?: AbortSignal,
): Promise<AggregateResponse> {
  return apiRequest<AggregateResponse>(`/api/talk/aggregate/${encodeURIComponent(subject)}`, {
    method: 'POST',
    body,
    ...withSignal(signal),
  });
}

export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: ['dashboards', 'list'] as const,
  one: (dashboardId: number) => ['dashboards', 'one', dashboardId] as const,
};

/** Widget answers are keyed by subject first, so a change to a subject's records refreshes its widgets. */
export const aggregateKeys = {
  all: ['aggregate'] as const,
  subject: (subject: string) => ['aggregate', subject.toLowerCase()] as const,
  one: (subject: string, body: AggregateRequest) => ['aggregate', subject.toLowerCase(), body] as const,
};
