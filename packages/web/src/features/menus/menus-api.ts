import type { CompanyMenu, MenuNodeInput, MenuReaderRoom, Scenario } from '@talkbase/domain/contracts/menus';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import type { TemplateSummary } from '@talkbase/domain/contracts/templates';
import { apiRequest } from '../../api/client.ts';

/** The menu builder's calls (001 §7 "Menu"; docs/api.md "Company menu"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

interface Page<T> {
  itens: T[];
  totalResults: number;
}

/** The whole company menu, whatever the administrator's own room sees. */
export function fetchWholeMenu(signal?: AbortSignal): Promise<CompanyMenu> {
  return apiRequest<CompanyMenu>('/api/presentation/menu/all/?scope=company', withSignal(signal));
}

export function saveMenu(companyId: number, Menus: MenuNodeInput[]): Promise<CompanyMenu> {
  return apiRequest<CompanyMenu>(`/api/presentation/menu/${companyId}`, { method: 'PUT', body: { Menus } });
}

/** The rooms (but the administrators') and the subjects each reads: who is offered a new item. */
export function fetchMenuReaders(signal?: AbortSignal): Promise<MenuReaderRoom[]> {
  return apiRequest<MenuReaderRoom[]>('/api/presentation/menu/readers', withSignal(signal));
}

export function fetchScenarios(signal?: AbortSignal): Promise<Scenario[]> {
  return apiRequest<Scenario[]>('/api/scenario/all/', withSignal(signal));
}

export async function fetchSubjects(signal?: AbortSignal): Promise<Subject[]> {
  const page = await apiRequest<Page<Subject>>('/api/subject?page=1&fetch=1000', withSignal(signal));
  return page.itens;
}

/** Custom (menu) templates of a subject's grid: templateType 7, scenarioId 1, fetch 10000 (001 §7, §9). */
export async function fetchMenuTemplates(subject: string, signal?: AbortSignal): Promise<TemplateSummary[]> {
  const query = new URLSearchParams({
    subjectId: subject,
    scenarioId: '1',
    templateType: '7',
    page: '1',
    fetch: '10000',
  });
  const page = await apiRequest<Page<TemplateSummary>>(
    `/api/template?${query.toString()}`,
    withSignal(signal),
  );
  return page.itens;
}

export const menuKeys = {
  whole: ['menus', 'whole'] as const,
  scenarios: ['menus', 'scenarios'] as const,
  subjects: ['menus', 'subjects'] as const,
  readers: ['menus', 'readers'] as const,
  templates: (subject: string) => ['menus', 'templates', subject] as const,
};
