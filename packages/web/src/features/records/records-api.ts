import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk, PagedTalks, RelatedTalk, TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import type { Template } from '@talkbase/domain/contracts/templates';
import { apiCall, apiRequest } from '../../api/client.ts';

/** The calls of the records screens (spec 002 §7), typed by the domain contracts. */

const seg = encodeURIComponent;

export interface TalkValueInput {
  subjectAttributeId: number;
  value: unknown;
}

export function fetchContext(
  scenario: string,
  subject: string,
  templateId: number | undefined,
  signal?: AbortSignal,
): Promise<ContextResponse> {
  const query = new URLSearchParams({ templateId: templateId ? String(templateId) : '' });
  return apiRequest(
    `/api/context/web/${seg(scenario)}/${seg(subject)}?${query.toString()}`,
    signal ? { signal } : {},
  );
}

/** The registration (new) or edition form of a context (GET /context/{id}/template?IsNewTalk=). */
export async function fetchFormTemplate(
  contextId: string,
  isNewTalk: boolean,
  signal?: AbortSignal,
): Promise<Template | null> {
  const answer = await apiRequest<{ template: Template | null }>(
    `/api/context/${seg(contextId)}/template?IsNewTalk=${String(isNewTalk)}`,
    signal ? { signal } : {},
  );
  return answer.template;
}

export function filterTalks(
  subject: string,
  body: TalkFilterRequest,
  signal?: AbortSignal,
): Promise<PagedTalks> {
  return apiRequest(`/api/talk/filter/${seg(subject)}/`, {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
  });
}

export function fetchTalk(subject: string, talkId: number, signal?: AbortSignal): Promise<ApiTalk> {
  return apiRequest(`/api/talk/${seg(subject)}/${talkId}`, signal ? { signal } : {});
}

export interface Created {
  resourceId: number;
  /** The Location header: the route of the new record (002 §2). */
  location: string | null;
}

export async function createTalk(
  subject: string,
  talkValues: TalkValueInput[],
  templateId: number | null,
): Promise<Created> {
  const answer = await apiCall<{ resourceId: number }>(`/api/talk/${seg(subject)}`, {
    method: 'POST',
    body: { subject, talkValues, templateId },
  });
  return { resourceId: answer.body.resourceId, location: answer.headers.get('location') };
}

export function updateTalk(
  subject: string,
  talkId: number,
  version: number,
  talkValues: TalkValueInput[],
): Promise<ApiTalk> {
  return apiRequest(`/api/talk/${seg(subject)}/${talkId}`, {
    method: 'PUT',
    body: { subject, talkId, version, talkValues },
  });
}

export function deleteTalks(subject: string, talkIds: number[]): Promise<{ deleted: number }> {
  return apiRequest(`/api/talk/${seg(subject)}`, { method: 'DELETE', body: { subject, talkIds } });
}

export function setTalksActive(
  subject: string,
  talkIds: number[],
  active: boolean,
): Promise<{ changed: number }> {
  const call = active ? 'batchActivate' : 'batchDeactivate';
  return apiRequest(`/api/talk/${call}/${seg(subject)}`, { method: 'POST', body: { talkIds } });
}

/** The records a failed delete names (422/403 of DELETE /talk/{subject}). */
export function relatedTalksOf(extra: Record<string, unknown>): RelatedTalk[] {
  const list = extra.relatedTalks;
  return Array.isArray(list) ? (list as RelatedTalk[]) : [];
}
