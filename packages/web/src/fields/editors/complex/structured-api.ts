import type { ReportModel, ReportModelSummary } from '@talkbase/domain/contracts/report-models';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { apiRequest } from '../../../api/client.ts';

/** The calls the structured editors make (docs/api.md; spec 002 §7). */

const seg = encodeURIComponent;

/** GET /api/subject/{subject}: the subject's attributes (filter tree, model → filter pickers). */
export function fetchSubject(subject: string, signal?: AbortSignal): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${seg(subject)}`, signal ? { signal } : {});
}

export interface SavedFilterItem {
  filterId: number;
  filterName: string;
}

/** GET /api/Filter/{subjectIdentifier}: the saved filters made for a subject (001 §7: page 1, fetch 1000). */
export async function fetchSavedFilters(subject: string, signal?: AbortSignal): Promise<SavedFilterItem[]> {
  const answer = await apiRequest<{ totalResults: number; itens: SavedFilterItem[] }>(
    `/api/Filter/${seg(subject)}?page=1&fetch=1000`,
    signal ? { signal } : {},
  );
  return answer.itens;
}

export interface RelatedOption {
  id: number;
  name: string;
}

/** GET /api/SubjectAttribute/related/{attrId}: one page (50) of the records a reference may point to. */
export async function fetchRelatedOptions(
  attributeId: number,
  term: string,
  signal?: AbortSignal,
): Promise<RelatedOption[]> {
  const query = new URLSearchParams({ page: '1' });
  if (term.trim() !== '') query.set('term', term.trim());
  const answer = await apiRequest<{ itens: RelatedOption[] }>(
    `/api/SubjectAttribute/related/${attributeId}?${query.toString()}`,
    signal ? { signal } : {},
  );
  return answer.itens;
}

/** GET /api/report/model/list/: the report models (a bare list or a paged one). */
export async function fetchReportModels(signal?: AbortSignal): Promise<ReportModelSummary[]> {
  const answer = await apiRequest<ReportModelSummary[] | { itens: ReportModelSummary[] }>(
    '/api/report/model/list/',
    signal ? { signal } : {},
  );
  return Array.isArray(answer) ? answer : answer.itens;
}

/** GET /api/report/model/{id}: the subject a report model is about (002 §7: subjects[0].subjectIdentifier). */
export async function fetchReportModelSubject(
  templateId: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const model = await apiRequest<Partial<ReportModel>>(
    `/api/report/model/${templateId}`,
    signal ? { signal } : {},
  );
  return model.subjectIdentifier ?? model.subjects?.[0]?.subjectIdentifier ?? null;
}
