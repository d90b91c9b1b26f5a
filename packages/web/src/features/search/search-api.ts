import type { SearchPage } from '@talkbase/domain/contracts/search';
import { apiRequest } from '../../api/client.ts';

/** What the results screen reads from its address (000 §2): term, subject, subject attribute, attribute. */
export interface SearchParams {
  q: string;
  subj?: string | undefined;
  subjAttr?: string | undefined;
  attr?: string | undefined;
}

export const searchKeys = {
  all: ['search'] as const,
  page: (p: SearchParams, page: number, fetch: number) => ['search', p, page, fetch] as const,
};

/** GET /api/search (docs/api.md, Global search). */
export function fetchSearch(
  p: SearchParams,
  page: number,
  fetch: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const query = new URLSearchParams({ q: p.q, page: String(page), fetch: String(fetch) });
  if (p.subj) query.set('subj', p.subj);
  if (p.subjAttr) query.set('subj_attr', p.subjAttr);
  if (p.attr) query.set('attr', p.attr);
  return apiRequest(`/api/search?${query.toString()}`, signal ? { signal } : {});
}

/** The results screen's address for a term (and optional narrowing). */
export function searchPath(p: SearchParams): string {
  const query = new URLSearchParams({ q: p.q });
  if (p.subj) query.set('subj', p.subj);
  if (p.subjAttr) query.set('subj_attr', p.subjAttr);
  if (p.attr) query.set('attr', p.attr);
  return `/search/?${query.toString()}`;
}
