import type {
  SlaCalendar,
  SlaCalendarInput,
  SlaPolicy,
  SlaPolicyInput,
  SlaReportRow,
} from '@talkbase/domain/contracts/sla';
import { apiRequest } from '../../api/client.ts';

/** The service-level calls (docs/api.md "Service levels"). */

type List<T> = { itens: T[]; totalResults: number };

export const fetchCalendars = (signal?: AbortSignal) =>
  apiRequest<List<SlaCalendar>>('/api/sla/calendar', signal ? { signal } : {});
export const fetchPolicies = (signal?: AbortSignal) =>
  apiRequest<List<SlaPolicy>>('/api/sla/policy', signal ? { signal } : {});
export const fetchReport = (months: number, signal?: AbortSignal) =>
  apiRequest<{ rows: SlaReportRow[] }>(`/api/sla/report?months=${months}`, signal ? { signal } : {});

export function saveCalendar(id: number | null, body: SlaCalendarInput & { version?: number }) {
  return id === null
    ? apiRequest<SlaCalendar>('/api/sla/calendar', { method: 'POST', body })
    : apiRequest<SlaCalendar>(`/api/sla/calendar/${id}`, { method: 'PUT', body });
}
export function savePolicy(id: number | null, body: SlaPolicyInput & { version?: number }) {
  return id === null
    ? apiRequest<SlaPolicy>('/api/sla/policy', { method: 'POST', body })
    : apiRequest<SlaPolicy>(`/api/sla/policy/${id}`, { method: 'PUT', body });
}
export const deleteCalendar = (id: number) =>
  apiRequest<undefined>(`/api/sla/calendar/${id}`, { method: 'DELETE' });
export const deletePolicy = (id: number) =>
  apiRequest<undefined>(`/api/sla/policy/${id}`, { method: 'DELETE' });

const nameOf = (v: unknown, id: number) => (typeof v === 'string' && v ? v : `#${id}`);

/** The records of a lookup subject (statuses, priorities) as choices: id and name. */
export async function fetchChoices(
  subject: string,
  signal?: AbortSignal,
): Promise<{ value: string; label: string }[]> {
  const page = await apiRequest<{
    itens: { talkId: number; talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }[];
  }>(`/api/talk/filter/${subject}`, { method: 'POST', body: { fetch: 200 }, ...(signal ? { signal } : {}) });
  return page.itens.map((r) => ({
    value: String(r.talkId),
    label: nameOf(r.talkValues.find((v) => v.subjectAttributeIdentifier === 'nome')?.value, r.talkId),
  }));
}

export const slaKeys = {
  all: ['sla'] as const,
  calendars: ['sla', 'calendars'] as const,
  policies: ['sla', 'policies'] as const,
  report: (months: number) => ['sla', 'report', months] as const,
  choices: (subject: string) => ['sla', 'choices', subject] as const,
};
