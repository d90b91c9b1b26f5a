import type {
  ReportModel,
  ReportModelInput,
  ReportModelSummary,
} from '@talkbase/domain/contracts/report-models';
import { apiRequest } from '../../api/client.ts';

/** The report-model calls (spec 002 §7, docs/api.md "Report models"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface ReportModelQuery {
  page: number;
  fetch: number;
  term: string;
}

export interface ReportModelPage {
  itens: ReportModelSummary[];
  totalResults: number;
  currentPage: number;
}

export function fetchReportModels(q: ReportModelQuery, signal?: AbortSignal): Promise<ReportModelPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<ReportModelPage>(`/api/report/model/list/?${query.toString()}`, withSignal(signal));
}

export function fetchReportModel(templateId: number, signal?: AbortSignal): Promise<ReportModel> {
  return apiRequest<ReportModel>(`/api/report/model/${templateId}`, withSignal(signal));
}

export function createReportModel(input: ReportModelInput): Promise<ReportModel> {
  return apiRequest<ReportModel>('/api/report/model', { method: 'POST', body: input });
}

export function updateReportModel(templateId: number, input: ReportModelInput): Promise<ReportModel> {
  return apiRequest<ReportModel>(`/api/report/model/${templateId}`, { method: 'PUT', body: input });
}

/** The spec's body: `TemplateIds`. */
export function deleteReportModels(templateIds: number[]): Promise<unknown> {
  return apiRequest<unknown>('/api/report/model', { method: 'DELETE', body: { TemplateIds: templateIds } });
}

export const reportModelKeys = {
  all: ['report-models'] as const,
  list: (q: ReportModelQuery) => ['report-models', 'list', q] as const,
  one: (templateId: number) => ['report-models', 'one', templateId] as const,
};
