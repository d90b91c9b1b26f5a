import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { PagedTalks } from '@talkbase/domain/contracts/talks';
import { apiRequest } from '../../../api/client.ts';

/** The calls the designer editors make (docs/api.md; spec 002 §7). */

const seg = encodeURIComponent;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET /api/subject: every subject of the company with its attributes (the server clamps to 1000). */
export async function fetchAllSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const answer = await apiRequest<{ itens: Subject[] }>('/api/subject?page=1&fetch=1000', withSignal(signal));
  return answer.itens;
}

/** GET /api/availability/{subject}/{attributeId}: the time window's slots of 7 days from `from` (today when absent). */
export function fetchAvailability(
  q: { subject: string; attributeId: number; from?: string | undefined; talkId?: number | undefined },
  signal?: AbortSignal,
): Promise<AvailabilityAnswer> {
  const query = new URLSearchParams({ days: '7' });
  if (q.from) query.set('from', q.from);
  if (q.talkId) query.set('talkId', String(q.talkId));
  return apiRequest<AvailabilityAnswer>(
    `/api/availability/${seg(q.subject)}/${q.attributeId}?${query.toString()}`,
    withSignal(signal),
  );
}

export interface PickOption {
  id: number;
  name: string;
}

/** POST /api/talk/filter/{subject}: one page (50) of records matching every word of the term. */
export async function searchTalks(
  subject: string,
  term: string,
  signal?: AbortSignal,
): Promise<PickOption[]> {
  const answer = await apiRequest<PagedTalks>(`/api/talk/filter/${seg(subject)}`, {
    method: 'POST',
    body: { isActive: true, page: 1, fetch: 50, ...(term.trim() ? { term: term.trim() } : {}) },
    ...withSignal(signal),
  });
  return answer.itens.map((talk) => ({ id: talk.talkId, name: talk.displayName }));
}

/** The names of records by id (a delimitation stores only ids). */
export async function talkNames(subject: string, ids: number[], signal?: AbortSignal): Promise<PickOption[]> {
  if (ids.length === 0) return [];
  const answer = await apiRequest<PagedTalks>(`/api/talk/filter/${seg(subject)}`, {
    method: 'POST',
    body: {
      isActive: true,
      page: 1,
      fetch: Math.min(ids.length, 1000),
      filterJson: { condition: 'E', rules: [{ attribute: 'id', operator: 'in', value: ids.slice(0, 1000) }] },
    },
    ...withSignal(signal),
  });
  return answer.itens.map((talk) => ({ id: talk.talkId, name: talk.displayName }));
}

/** GET /api/SubjectAttribute/related/{attrId}: one page of the records a reference attribute may point to. */
export async function relatedOptions(
  attributeId: number,
  term: string,
  signal?: AbortSignal,
): Promise<PickOption[]> {
  const query = new URLSearchParams({ page: '1' });
  if (term.trim()) query.set('term', term.trim());
  const answer = await apiRequest<{ itens: PickOption[] }>(
    `/api/SubjectAttribute/related/${attributeId}?${query.toString()}`,
    withSignal(signal),
  );
  return answer.itens;
}
