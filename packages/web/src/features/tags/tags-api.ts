import type { Tag, TagCreated, TagPage, TagWriteInput } from '@talkbase/domain/contracts/tags';
import { apiRequest } from '../../api/client.ts';

/** The tag calls (docs/api.md "Tags"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchTags(
  q: { page: number; fetch: number; term?: string },
  signal?: AbortSignal,
): Promise<TagPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<TagPage>(`/api/tag?${query.toString()}`, withSignal(signal));
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
