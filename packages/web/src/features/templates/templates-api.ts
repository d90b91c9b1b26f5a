import type { AccountPage } from '@talkbase/domain/contracts/account';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { Template, TemplateSummary } from '@talkbase/domain/contracts/templates';
import { apiRequest } from '../../api/client.ts';

/** The template calls (docs/api.md "Templates"). */

export interface Page<T> {
  itens: T[];
  totalResults: number;
  currentPage: number;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface TemplateListQuery {
  templateType?: number;
  scenarioId?: number;
  subjectId?: number;
  accountId?: number;
  term?: string;
  page: number;
  fetch: number;
}

export function fetchTemplates(q: TemplateListQuery, signal?: AbortSignal): Promise<Page<TemplateSummary>> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.templateType !== undefined) query.set('templatetype', String(q.templateType));
  if (q.scenarioId !== undefined) query.set('scenarioId', String(q.scenarioId));
  if (q.subjectId !== undefined) query.set('subjectId', String(q.subjectId));
  if (q.accountId !== undefined) query.set('accountId', String(q.accountId));
  if (q.term) query.set('term', q.term);
  return apiRequest<Page<TemplateSummary>>(`/api/template?${query.toString()}`, withSignal(signal));
}

export function fetchTemplate(id: number, signal?: AbortSignal): Promise<Template> {
  return apiRequest<Template>(`/api/template/${id}`, withSignal(signal));
}

export function createTemplate(body: unknown): Promise<Template> {
  return apiRequest<Template>('/api/template', { method: 'POST', body });
}

export function updateTemplate(id: number, body: unknown): Promise<Template> {
  return apiRequest<Template>(`/api/template/${id}`, { method: 'PUT', body });
}

export function deleteTemplates(templateIds: number[]): Promise<{ deleted: number[] }> {
  return apiRequest<{ deleted: number[] }>('/api/template', { method: 'DELETE', body: { templateIds } });
}

/** People who may get a user template on the base template's subject (plus the edited one's owner). */
export function fetchTemplateAccounts(
  baseTemplateId: number,
  accountId: number | null,
  signal?: AbortSignal,
): Promise<Page<{ accountId: number; displayName: string }>> {
  const query = new URLSearchParams({ page: '1', fetch: '1000' });
  if (accountId !== null) query.set('accountId', String(accountId));
  return apiRequest(`/api/template/accounts/${baseTemplateId}?${query.toString()}`, withSignal(signal));
}

export function fetchSubjects(
  q: { page: number; fetch: number; term?: string },
  signal?: AbortSignal,
): Promise<Page<Subject>> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<Page<Subject>>(`/api/subject?${query.toString()}`, withSignal(signal));
}

/** People (account type 1) for the 'Filtro por usuário' dropdown. */
export async function fetchPeople(
  signal?: AbortSignal,
): Promise<{ accountId: number; displayName: string }[]> {
  const page = await apiRequest<AccountPage>(
    '/api/account?CurrentPage=1&ResultsPerPage=1000',
    withSignal(signal),
  );
  return page.itens
    .filter((a) => a.accountType === 1)
    .map((a) => ({ accountId: a.accountId, displayName: a.displayName }));
}

export const templateKeys = {
  all: ['templates'] as const,
  list: (q: TemplateListQuery) => ['templates', 'list', q] as const,
  one: (id: number) => ['templates', 'one', id] as const,
  accounts: (base: number, accountId: number | null) => ['templates', 'accounts', base, accountId] as const,
  subjects: (q: { page: number; fetch: number; term?: string }) => ['templates', 'subjects', q] as const,
  people: ['templates', 'people'] as const,
};
