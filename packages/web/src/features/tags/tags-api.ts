import type { Tag, TagCreated, TagPage, TagWriteInput } from '@talkbase/domain/contracts/tags';
import { apiRequest } from '../../api/client.ts';

/** The tag calls (docs/api.md "Tags"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

type TagQuery = { page: number; fetch: number; term?: string };

function tagQuery(q: TagQuery): string {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return query.toString();
}

export function fetchTags(q: TagQuery, signal?: AbortSignal): Promise<TagPage> {
  return apiRequest<TagPage>(`/api/tag?${tagQuery(q)}`, withSignal(signal));
}

/** The tags any signed-in account may filter a grid by (names and colours only). */
export function fetchTagOptions(q: TagQuery, signal?: AbortSignal): Promise<TagPage> {
  return apiRequest<TagPage>(`/api/tag/options?${tagQuery(q)}`, withSignal(signal));
}

export function fetchTag(tagId: number, signal?: AbortSignal): Promise<Tag> {
  return apiRequest<Tag>(`/api/tag/${tagId}`, withSignal(signal));
}

export function createTag(input: TagWriteInput): Promise<TagCreated> {
  return apiRequest<TagCreated>('/api/tag', { method: 'POST', body: input });
}

export function updateTag(tagId: number, input: TagWriteInput): Promise<unknown> {
  return apiRequest<unknown>(`/api/tag/${tagId}`, { method: 'PUT', body: input });
}

export function deleteTag(tagId: number): Promise<void> {
  return apiRequest<undefined>(`/api/tag/${tagId}`, { method: 'DELETE' });
}

export const tagKeys = {
  all: ['tags'] as const,
  list: (q: { page: number; fetch: number; term: string }) => ['tags', 'list', q] as const,
  one: (tagId: number) => ['tags', 'one', tagId] as const,
};
